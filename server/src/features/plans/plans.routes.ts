import { type CurrentLimits, type Plan, planIds } from '@ferry/contracts/api/plans'
import { limitsFor } from '@ferry/contracts/domain/plan-limits'
import { plansApi } from '@ferry/contracts/routes/plans'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/auth-guard.js'
import { registerRoute } from '../../http/register-route.js'
import { toPlanLimitsResponse, toPlanRowPatch, toSubscriptionLevel } from './plan-mapping.js'
import type { PlansService } from './plans.service.js'

function currentLimits(plan: Plan): CurrentLimits {
  const limits = limitsFor(plan)
  return {
    max_transfer_size: limits.maxTransferBytes,
    max_daily_transfers: limits.maxDailyTransfers,
    max_recipients: limits.maxRecipients,
    max_transfer_expiry_hours: limits.maxExpiryHours,
    plan_id: plan.id,
  }
}

export const plansRoutes =
  (plans: PlansService): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, plansApi.list, async (request) => plans.list({ activeOnly: request.query.active_only }))

    registerRoute(app, plansApi.myLimits, async (request) => {
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
    })

    registerRoute(app, plansApi.get, async (request) => plans.get(request.params.id))

    registerRoute(app, plansApi.limitsOf, async (request) => toPlanLimitsResponse(await plans.get(request.params.id)))

    registerRoute(app, plansApi.subscriptionLevels, async () =>
      (await plans.list({ activeOnly: true })).map(toSubscriptionLevel),
    )

    registerRoute(app, plansApi.adminList, async () => plans.listForAdmin())

    registerRoute(app, plansApi.adminUpdate, async (request) =>
      plans.updateForAdmin(request.params.id, toPlanRowPatch(request.body)),
    )
  }
