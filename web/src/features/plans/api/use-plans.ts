import { useQuery } from '@tanstack/react-query'
import { plansApi } from './plans-api.js'

export const activePlansKey = ['plans', 'list', 'active'] as const

/** GET /api/plans?active_only=true: the plans on sale and their data (product.md §1). */
export function usePlans(enabled = true) {
  return useQuery({
    queryKey: activePlansKey,
    queryFn: ({ signal }) => plansApi.list(signal),
    enabled,
    staleTime: 5 * 60_000,
  })
}
