import type { Plan, PlanFlags } from '@ferry/contracts/api/plans'

/**
 * The plans one can choose that have a flag, in the catalogue's order (sort_order): what an
 * upgrade prompt names ('Business and Enterprise').
 */
export function plansWithFlag(plans: readonly Plan[], flag: keyof PlanFlags): Plan[] {
  return plans.filter((plan) => plan.is_selectable && plan[flag] === true).sort((a, b) => a.sort_order - b.sort_order)
}
