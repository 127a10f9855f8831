import { useQuery } from '@tanstack/react-query'
import { isApiError } from '../../../lib/api-error.js'
import {
  audienceOf,
  type FormPlanLimits,
  fallbackLimits,
  limitsFromMine,
  limitsFromPlan,
  type PlanLimitsNotice,
  planFetchAttempts,
  planLimitsNotice,
} from '../form-limits.js'
import { guestPlanId, plansApi } from './plans-api.js'

export interface UsePlanLimitsOptions {
  isAuthenticated: boolean
  /** The signed-in user's id: their limits are cached apart from anyone else's. */
  userId?: string | null
  role?: string | null
}

export interface PlanLimitsState {
  /** The plan's limits, or the fallbacks of spec/transfers.md §9 until (or unless) they arrive. */
  limits: FormPlanLimits
  /** True once the plan's own limits are in. */
  loaded: boolean
  /** What the yellow 'Plan Configuration' alert says, if anything. */
  notice: PlanLimitsNotice
}

/** Up to 3 attempts in all (spec/transfers.md §4); a 401 ends the session instead, so it is not retried. */
export function retryPlanFetch(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status === 401) return false
  return failureCount < planFetchAttempts - 1
}

/**
 * The transfer form's limits (spec/transfers.md §4 Plan limits fetch): GET /api/plans/limits when signed in,
 * Guest's limits for a visitor (product.md §1), tried 3 times, the fallbacks meanwhile and after.
 */
export function usePlanLimits({ isAuthenticated, userId, role }: UsePlanLimitsOptions): PlanLimitsState {
  const audience = audienceOf(isAuthenticated, role)
  const query = useQuery({
    queryKey: isAuthenticated ? ['plans', 'limits', 'me', userId ?? null] : ['plans', 'limits', guestPlanId],
    queryFn: async ({ signal }): Promise<FormPlanLimits> =>
      isAuthenticated
        ? limitsFromMine(await plansApi.myLimits(signal))
        : limitsFromPlan(await plansApi.limitsOf(guestPlanId, signal)),
    retry: retryPlanFetch,
    retryDelay: (attempt) => 500 * 2 ** attempt,
    staleTime: 5 * 60_000,
  })
  const gaveUp = query.isError && !query.isFetching
  return {
    limits: query.data ?? fallbackLimits[audience],
    loaded: query.data !== undefined,
    notice: query.data === undefined ? planLimitsNotice(query.failureCount, gaveUp) : null,
  }
}
