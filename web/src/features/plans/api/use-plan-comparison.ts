import { useQuery } from '@tanstack/react-query'
import { comparisonFromPlans, fallbackComparison, type PlanComparison } from '../plan-comparison.js'
import { plansApi } from './plans-api.js'

/** Guest against Pro for the upgrade modal, from the stored plans (DECISIONS 1); 001 §9's figures until then. */
export function usePlanComparison(enabled = true): PlanComparison {
  const query = useQuery({
    queryKey: ['plans', 'list', 'active'],
    queryFn: ({ signal }) => plansApi.list(signal),
    enabled,
    staleTime: 5 * 60_000,
  })
  return query.data ? comparisonFromPlans(query.data) : fallbackComparison
}
