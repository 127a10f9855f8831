import type { MyPlanLimitsResponse, PlanLimitsResponse } from '@ferry/contracts/api/plans'
import { describe, expect, it } from 'vitest'
import { audienceOf, fallbackLimits, limitsFromMine, limitsFromPlan, planLimitsNotice } from './form-limits.js'

describe('fallbackLimits (spec/transfers.md §9)', () => {
  it('gives 2 GB to a visitor, 100 MB to a signed-in user and 20 GB to Pro or Admin', () => {
    expect(fallbackLimits.visitor.maxTransferBytes).toBe(2_147_483_648)
    expect(fallbackLimits.free.maxTransferBytes).toBe(104_857_600)
    expect(fallbackLimits.paid.maxTransferBytes).toBe(21_474_836_480)
  })

  it('allows 1 recipient on Guest and 5 on a paid plan', () => {
    expect([fallbackLimits.visitor, fallbackLimits.free, fallbackLimits.paid].map((l) => l.maxRecipients)).toEqual([
      1, 1, 5,
    ])
  })
})

describe('audienceOf', () => {
  it('treats PREMIUM and ADMIN (any case) as paid, other roles as free, and nobody as a visitor', () => {
    expect(audienceOf(false, 'ADMIN')).toBe('visitor')
    expect(audienceOf(true, 'admin')).toBe('paid')
    expect(audienceOf(true, 'PREMIUM')).toBe('paid')
    expect(audienceOf(true, 'FREE')).toBe('free')
    expect(audienceOf(true, undefined)).toBe('free')
  })
})

describe('limits from plan data', () => {
  it('reads the current limits and the plan role of GET /api/plans/limits', () => {
    const pro = {
      max_transfer_size: 2_199_023_255_552,
      max_daily_transfers: null,
      max_recipients: 5,
      max_transfer_expiry_hours: 720,
      plan_id: 'pro',
    }
    const guest = {
      max_transfer_size: 53_687_091_200,
      max_daily_transfers: null,
      max_recipients: 1,
      max_transfer_expiry_hours: 24,
      plan_id: 'guest',
    }
    const response: MyPlanLimitsResponse = {
      user_plan: 'PREMIUM',
      subscription_level: 'pro',
      current_limits: pro,
      all_plans: { FREE: guest, PREMIUM: pro },
      authenticated: true,
    }
    expect(limitsFromMine(response)).toEqual({
      maxTransferBytes: 2_199_023_255_552,
      maxRecipients: 5,
      maxExpiryHours: 720,
      planRole: 'PREMIUM',
      planId: 'pro',
    })
  })

  it('reads a plan limits record, null staying unlimited', () => {
    const business: PlanLimitsResponse = {
      plan_id: 'business',
      max_transfer_size: null,
      max_transfer_size_gb: null,
      max_transfer_expiry_hours: null,
      max_monthly_data: null,
      max_monthly_data_gb: null,
      max_room_users: 30,
      max_recipients: 5,
      max_daily_transfers: null,
    }
    expect(limitsFromPlan(business, 'PREMIUM')).toEqual({
      maxTransferBytes: null,
      maxRecipients: 5,
      maxExpiryHours: null,
      planRole: 'PREMIUM',
      planId: 'business',
    })
  })
})

describe('planLimitsNotice (spec/transfers.md §8)', () => {
  it('says nothing while the fetch has not failed', () => {
    expect(planLimitsNotice(0, false)).toBeNull()
  })

  it('names the failed attempt while retrying, then gives up after 3', () => {
    expect(planLimitsNotice(1, false)).toEqual({ kind: 'retrying', attempt: 1 })
    expect(planLimitsNotice(2, false)).toEqual({ kind: 'retrying', attempt: 2 })
    expect(planLimitsNotice(3, true)).toEqual({ kind: 'gaveUp', attempts: 3 })
  })
})
