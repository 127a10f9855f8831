import type { Plan } from '@ferry/contracts/api/plans'
import { describe, expect, it } from 'vitest'
import { comparisonFromPlans, fallbackComparison } from './plan-comparison.js'

const plan = (fields: Partial<Plan>) => fields as Plan

describe('comparisonFromPlans', () => {
  it('takes expiry and recovery from the Guest and Pro rows', () => {
    const plans = [
      plan({ id: 'guest', name: 'Guest', max_transfer_expiry_hours: 24, recovery_allowed: false }),
      plan({ id: 'pro', name: 'Pro', max_transfer_expiry_hours: 720, recovery_allowed: true }),
    ]
    expect(comparisonFromPlans(plans)).toEqual({
      free: { id: 'guest', name: 'Guest', maxExpiryHours: 24, recoveryGraceHours: 0 },
      pro: { id: 'pro', name: 'Pro', maxExpiryHours: 720, recoveryGraceHours: 168 },
    })
  })

  it('falls back to spec/accounts.md §9 (7 days against 30, none against 7) for a plan that is missing', () => {
    expect(comparisonFromPlans([])).toEqual(fallbackComparison)
    expect(fallbackComparison.free.maxExpiryHours).toBe(168)
    expect(fallbackComparison.pro).toMatchObject({ maxExpiryHours: 720, recoveryGraceHours: 168 })
  })
})
