import type { PlansService } from '../plans/plans.service.js'
import type { CheckoutDeps } from './checkout.service.js'
import { createCheckoutService } from './checkout.service.js'
import { createSubscriptionsService } from './subscriptions.service.js'
import { createWebhookService } from './webhook.service.js'

/** The billing feature's services over one set of dependencies (composition.ts builds them once). */
export function createBillingServices(deps: CheckoutDeps, plans: PlansService) {
  return {
    checkout: createCheckoutService(deps, plans),
    subscriptions: createSubscriptionsService(deps, plans),
    webhook: createWebhookService(deps),
  }
}

export type BillingServices = ReturnType<typeof createBillingServices>
