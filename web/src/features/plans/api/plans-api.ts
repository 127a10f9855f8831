import { type MyPlanLimitsResponse, type Plan, type PlanLimitsResponse, planIds } from '@ferry/contracts/api/plans'
import { plansApi as routes } from '@ferry/contracts/routes/plans'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

/** The plan calls the transfer form needs (spec/transfers.md §7, spec/accounts.md §7). */
export interface PlansApi {
  /** GET /api/plans/limits: the signed-in user's limits. */
  myLimits(signal?: AbortSignal): Promise<MyPlanLimitsResponse>
  /** GET /api/plans/{id}/limits: a plan's limits (public; visitors get Guest's). */
  limitsOf(planId: string, signal?: AbortSignal): Promise<PlanLimitsResponse>
  /** GET /api/plans?active_only=true. */
  list(signal?: AbortSignal): Promise<Plan[]>
}

export function createPlansApi(client: ApiClient = apiClient): PlansApi {
  return {
    myLimits: (signal) => client.call(routes.myLimits, {}, { signal }),
    limitsOf: (planId, signal) => client.call(routes.limitsOf, { params: { id: planId } }, { signal }),
    list: (signal) => client.call(routes.list, { query: { active_only: 'true' } }, { signal }),
  }
}

export const plansApi = createPlansApi()
export const guestPlanId = planIds.guest
