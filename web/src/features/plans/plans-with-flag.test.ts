import type { Plan } from '@ferry/contracts/api/plans'
import { describe, expect, it } from 'vitest'
import { plansWithFlag } from './plans-with-flag.js'

const plan = (id: string, sortOrder: number, fields: Partial<Plan>) =>
  ({ id, name: id, sort_order: sortOrder, is_selectable: true, analytics_access: false, ...fields }) as Plan

describe('plansWithFlag', () => {
  it('names the plans on sale that have the flag, in the catalogue order', () => {
    const plans = [
      plan('enterprise', 30, { analytics_access: true }),
      plan('pro', 10, {}),
      plan('business', 20, { analytics_access: true }),
      // Not sold through checkout: an upgrade prompt does not send anyone there.
      plan('ngo', 40, { analytics_access: true, is_selectable: false }),
    ]
    expect(plansWithFlag(plans, 'analytics_access').map((p) => p.id)).toEqual(['business', 'enterprise'])
  })
})
