import type { Referral } from '@ferry/contracts/api/referrals'
import { describe, expect, it } from 'vitest'
import { payoutColor, referralLink, referralStats, visiblePayoutStatus } from './referral-stats.js'

const base: Referral = {
  id: 'r',
  invite_code: 'CODE',
  inviter_user_id: 'u',
  invited_user_id: null,
  payout_amount: 0,
  payout_status: null,
  payout_due_date: null,
  created_at: '2026-01-01T00:00:00.000Z',
  conversion_date: null,
}

describe('referralStats', () => {
  it('counts used codes (not unused ones) and upgrades, sums paid plus approved, and pending above 0', () => {
    const stats = referralStats([
      base,
      { ...base, invited_user_id: 'a', payout_amount: 35, payout_status: 'PAID', conversion_date: base.created_at },
      { ...base, invited_user_id: 'b', payout_amount: 0.1, payout_status: 'APPROVED' },
      { ...base, invited_user_id: 'c', payout_amount: 0.2, payout_status: 'APPROVED' },
      { ...base, invited_user_id: 'd', payout_amount: 60, payout_status: 'PENDING', conversion_date: base.created_at },
      { ...base, invited_user_id: 'e', payout_amount: 0, payout_status: 'PENDING' },
      { ...base, invited_user_id: 'f', payout_amount: 290, payout_status: 'CANCELLED' },
    ])
    expect(stats).toEqual({ invited: 6, upgraded: 2, earned: 35.3, pending: 60 })
  })

  it('is all zeros without referrals', () => {
    expect(referralStats([])).toEqual({ invited: 0, upgraded: 0, earned: 0, pending: 0 })
  })
})

describe('payout badges', () => {
  it('colours PAID green, APPROVED blue, CANCELLED red, others gray', () => {
    expect(['PAID', 'APPROVED', 'CANCELLED', 'PENDING', null].map((s) => payoutColor(s as never))).toEqual([
      'green',
      'blue',
      'red',
      'gray',
      'gray',
    ])
  })

  it('hides PENDING on the profile only', () => {
    expect(visiblePayoutStatus('PENDING', true)).toBeNull()
    expect(visiblePayoutStatus('PENDING', false)).toBe('PENDING')
    expect(visiblePayoutStatus('PAID', true)).toBe('PAID')
  })
})

it('builds the /register?ref= link', () => {
  expect(referralLink('https://ferry.example', 'AB CD')).toBe('https://ferry.example/register?ref=AB%20CD')
})
