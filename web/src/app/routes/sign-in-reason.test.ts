import { describe, expect, it } from 'vitest'
import { signInReason } from './sign-in-reason.js'

describe('signInReason', () => {
  it('names the page the visitor asked for', () => {
    expect(signInReason('/transfers')).toBe('auth.reason.transfers')
    expect(signInReason('/transfers/0b9c?x=1')).toBe('auth.reason.transfer')
    expect(signInReason('/profile#settings')).toBe('auth.reason.profile')
    expect(signInReason('/invite')).toBe('auth.reason.invite')
    expect(signInReason('/transfer-history')).toBe('auth.reason.history')
    expect(signInReason('/checkout/test/abc')).toBe('auth.reason.billing')
    expect(signInReason('/admin')).toBe('auth.reason.admin')
    expect(signInReason('/somewhere-else')).toBe('auth.reason.generic')
  })

  it('gives none without a path of this site', () => {
    expect(signInReason(null)).toBeNull()
    expect(signInReason('')).toBeNull()
    expect(signInReason('//evil.example/transfers')).toBeNull()
    expect(signInReason('https://evil.example/transfers')).toBeNull()
  })
})
