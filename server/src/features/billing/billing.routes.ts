import { billingApi } from '@ferry/contracts/routes/billing'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/auth-guard.js'
import { registerRoute } from '../../http/register-route.js'
import type { BillingServices } from './billing.services.js'

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`

/** Checkout, the test checkout, Stripe's webhook, subscriptions and recovery payments (spec/accounts.md §7, product.md §6). */
export const billingRoutes =
  ({ checkout, subscriptions, webhook }: BillingServices): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, billingApi.checkoutSession, async (request) =>
      checkout.createSubscriptionCheckout(requireUser(request), request.body, originOf(request)),
    )

    registerRoute(app, billingApi.testCheckout, async (request) =>
      checkout.testSession(requireUser(request), request.params.sessionId),
    )

    registerRoute(app, billingApi.testCheckoutComplete, async (request) =>
      checkout.completeTestSession(requireUser(request), request.params.sessionId),
    )

    registerRoute(app, billingApi.testCheckoutCancel, async (request) =>
      checkout.cancelTestSession(requireUser(request), request.params.sessionId),
    )

    // Stripe signs the exact bytes it sent: this route alone reads its body raw.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers()
      raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
      registerRoute(raw, billingApi.webhook, async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        const signature = request.headers['stripe-signature']
        const outcome = await webhook.receive(body, typeof signature === 'string' ? signature : undefined)
        request.log.info({ outcome }, 'Stripe webhook')
        return { received: true as const }
      })
    })

    registerRoute(app, billingApi.createSubscription, async (request, reply) =>
      reply.status(201).send(await subscriptions.createComplimentary(requireUser(request), request.body)),
    )

    registerRoute(app, billingApi.cancelSubscription, async (request) => subscriptions.cancelOwn(requireUser(request)))

    registerRoute(app, billingApi.resumeSubscription, async (request) => subscriptions.resumeOwn(requireUser(request)))

    registerRoute(app, billingApi.mySubscriptionLevel, async (request) =>
      subscriptions.currentPlan(requireUser(request).id),
    )

    registerRoute(app, billingApi.recoveryCheckout, async (request) =>
      checkout.createRecoveryCheckout(requireUser(request), request.params.id, request.body ?? {}, originOf(request)),
    )

    registerRoute(app, billingApi.confirmRecovery, async (request) =>
      checkout.confirmRecovery(requireUser(request), request.params.id, request.body.session_id),
    )
  }
