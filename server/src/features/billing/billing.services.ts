import type { PlansService } from '../plans/plans.service.js'
import type { UsersService } from '../users/users.service.js'
import { type BillingNoticeDeps, createBillingNotices } from './billing-notices.js'
import type { CheckoutDeps } from './checkout.service.js'
import { createCheckoutService } from './checkout.service.js'
import { createSubscriptionsService } from './subscriptions.service.js'
import { createWebhookService } from './webhook.service.js'

/** The billing feature's services over one set of dependencies (composition.ts builds them once). */
export function createBillingServices(
  deps: Omit<CheckoutDeps, 'notices' | 'plans'> & BillingNoticeDeps,
  { plans, users }: { plans: PlansService; users: UsersService },
) {
  const withNotices = { ...deps, plans, notices: createBillingNotices(deps, { users, plans }) }
  return {
    checkout: createCheckoutService(withNotices),
    subscriptions: createSubscriptionsService(withNotices, plans),
    webhook: createWebhookService(withNotices),
  }
}

export type BillingServices = ReturnType<typeof createBillingServices>
