import { comparisonFromPlans, fallbackComparison, type PlanComparison } from '../plan-comparison.js'
import { usePlans } from './use-plans.js'

/** Guest against Pro for the upgrade modal, from the stored plans (product.md §1); spec/accounts.md §9's figures until then. */
export function usePlanComparison(enabled = true): PlanComparison {
  const query = usePlans(enabled)
  return query.data ? comparisonFromPlans(query.data) : fallbackComparison
}
