// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { forgetInvitationToken, invitationTokenFrom, rememberInvitationToken } from './pending-invitation.js'

afterEach(() => forgetInvitationToken())

describe('invitationTokenFrom', () => {
  it("reads the link's fragment first", () => {
    rememberInvitationToken('kept')
    expect(invitationTokenFrom('#token=abc%2Bdef')).toBe('abc+def')
  })

  it('falls back to the token kept while signing in, and to nothing', () => {
    expect(invitationTokenFrom('')).toBe('')
    rememberInvitationToken('kept')
    expect(invitationTokenFrom('')).toBe('kept')
    forgetInvitationToken()
    expect(invitationTokenFrom('#other=1')).toBe('')
  })
})
