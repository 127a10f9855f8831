import type { CheckoutDeps } from './checkout.service.js'
import { createCheckoutService } from './checkout.service.js'
import { createSubscriptionsService } from './subscriptions.service.js'
import { createWebhookService } from './webhook.service.js'

/** The billing feature's services over one set of dependencies (app.ts registers their routes). */
export function createBillingServices(deps: CheckoutDeps) {
  return {
    checkout: createCheckoutService(deps),
    subscriptions: createSubscriptionsService(deps),
    webhook: createWebhookService(deps),
  }
}
