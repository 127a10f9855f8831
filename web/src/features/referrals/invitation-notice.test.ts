import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-error.js'
import { invitationNotice, keepsCode } from './invitation-notice.js'

const refused = (status: number, code?: string) => ({ error: new ApiError(status, 'x', code), isPending: false })

describe('invitationNotice', () => {
  it('names the inviter and the trial when the code can be used', () => {
    const data = { referral_code: 'ABC', inviter_name: 'Bob', trial_days: 30 }
    expect(invitationNotice({ data, isPending: false })).toEqual({ kind: 'invited', inviterName: 'Bob', trialDays: 30 })
  })

  it('tells an unknown or malformed code from a used one', () => {
    expect(invitationNotice(refused(404, 'referral_code_invalid'))).toEqual({ kind: 'invalid' })
    expect(invitationNotice(refused(400, 'validation_failed'))).toEqual({ kind: 'invalid' })
    expect(invitationNotice(refused(409, 'referral_code_used'))).toEqual({ kind: 'used' })
  })

  it('says it could not check when the lookup was limited or the server unreachable', () => {
    expect(invitationNotice(refused(429, 'rate_limited'))).toEqual({ kind: 'unchecked' })
    expect(invitationNotice(refused(0))).toEqual({ kind: 'unchecked' })
    expect(invitationNotice({ error: new Error('boom'), isPending: false })).toEqual({ kind: 'unchecked' })
  })

  it('waits while asking', () => {
    expect(invitationNotice({ isPending: true })).toEqual({ kind: 'loading' })
  })

  it('keeps the code for the upgrade modal unless it cannot be used', () => {
    expect(keepsCode({ kind: 'invalid' })).toBe(false)
    expect(keepsCode({ kind: 'used' })).toBe(false)
    expect(keepsCode({ kind: 'unchecked' })).toBe(true)
    expect(keepsCode({ kind: 'invited', inviterName: 'B', trialDays: 30 })).toBe(true)
  })
})
