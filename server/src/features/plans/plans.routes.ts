import {
  adminPlanSchema,
  adminPlansResponse,
  adminPlanUpdateRequest,
  type CurrentLimits,
  myPlanLimitsResponse,
  type Plan,
  planIdParams,
  planIds,
  planLimitsSchema,
  planSchema,
  plansListQuery,
  plansListResponse,
  subscriptionLevelsResponse,
} from '@ferry/contracts/api/plans'
import { errorResponse } from '@ferry/contracts/api/system'
import { limitsFor } from '@ferry/contracts/domain/plan-limits'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../deps.js'
import { requireUser } from '../../http/auth-guard.js'
import { toPlanLimitsResponse, toPlanRowPatch, toSubscriptionLevel } from './plan-mapping.js'
import { createPlansService } from './plans.service.js'

function currentLimits(plan: Plan): CurrentLimits {
  const limits = limitsFor(plan)
  return {
    max_transfer_size: limits.maxTransferBytes,
    max_daily_transfers: limits.maxDailyTransfers,
    max_recipients: limits.maxRecipients,
    plan_id: plan.id,
  }
}

export const plansRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const plans = createPlansService(deps)

    app.get(
      '/api/plans',
      { schema: { querystring: plansListQuery, response: { 200: plansListResponse } }, config: { access: 'public' } },
      async (request) => plans.list({ activeOnly: request.query.active_only }),
    )

    // Registered before /api/plans/:id; find-my-way prefers the static segment anyway.
    app.get(
      '/api/plans/limits',
      { schema: { response: { 200: myPlanLimitsResponse } }, config: { access: 'user' } },
      async (request) => {
        const user = requireUser(request)
        const [plan, free, premium] = await Promise.all([
          plans.planForUser(user.id),
          plans.get(planIds.guest),
          plans.get(planIds.pro),
        ])
        return {
          user_plan: plan.role,
          subscription_level: plan.id,
          current_limits: currentLimits(plan),
          all_plans: { FREE: currentLimits(free), PREMIUM: currentLimits(premium) },
          authenticated: true,
        }
      },
    )

    app.get(
      '/api/plans/:id',
      { schema: { params: planIdParams, response: { 200: planSchema } }, config: { access: 'public' } },
      async (request) => plans.get(request.params.id),
    )

    app.get(
      '/api/plans/:id/limits',
      { schema: { params: planIdParams, response: { 200: planLimitsSchema } }, config: { access: 'public' } },
      async (request) => toPlanLimitsResponse(await plans.get(request.params.id)),
    )

    app.get(
      '/api/subscription-levels',
      { schema: { response: { 200: subscriptionLevelsResponse } }, config: { access: 'public' } },
      async () => (await plans.list({ activeOnly: true })).map(toSubscriptionLevel),
    )

    app.get(
      '/api/admin/plans',
      { schema: { response: { 200: adminPlansResponse } }, config: { access: 'admin' } },
      async () => plans.listForAdmin(),
    )

    app.put(
      '/api/admin/plans/:id',
      {
        schema: {
          description:
            'Changes a plan (product.md §1: plans are data; every limit and feature check reads them). Money in euros.',
          params: planIdParams,
          body: adminPlanUpdateRequest,
          response: { 200: adminPlanSchema, 400: errorResponse, 403: errorResponse, 404: errorResponse },
        },
        config: { access: 'admin' },
      },
      async (request) => plans.updateForAdmin(request.params.id, toPlanRowPatch(request.body)),
    )
  }
