import {
  billingPaths,
  checkoutSessionParams,
  checkoutSessionRequest,
  checkoutSessionResponse,
  confirmRecoveryRequest,
  confirmRecoveryResponse,
  createSubscriptionRequest,
  recoveryCheckoutRequest,
  subscriptionSchema,
  testCheckoutResultResponse,
  testCheckoutSessionSchema,
  userCurrentPlanResponse,
  webhookResponse,
} from '@ferry/contracts/api/billing'
import { errorResponse } from '@ferry/contracts/api/system'
import { transferIdParams } from '@ferry/contracts/api/transfers'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/auth-guard.js'
import type { BillingServices } from './billing.services.js'

const tags = ['billing']
const errors = {
  400: errorResponse,
  401: errorResponse,
  402: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  503: errorResponse,
}
const user = { access: 'user' } as const
const open = { access: 'public' } as const

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`

/** Checkout, the test checkout, Stripe's webhook, subscriptions and recovery payments (spec/accounts.md §7, product.md §6). */
export const billingRoutes =
  ({ checkout, subscriptions, webhook }: BillingServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      billingPaths.checkoutSession,
      {
        schema: { tags, body: checkoutSessionRequest, response: { 200: checkoutSessionResponse, ...errors } },
        // A visitor gets the spec's 'You need to be logged in to upgrade your plan', before the body is read.
        config: { access: 'user', unauthorizedCode: 'checkout_login_required' },
      },
      async (request) => checkout.createSubscriptionCheckout(requireUser(request), request.body, originOf(request)),
    )

    app.get(
      billingPaths.testCheckout,
      {
        schema: { tags, params: checkoutSessionParams, response: { 200: testCheckoutSessionSchema, ...errors } },
        config: user,
      },
      async (request) => checkout.testSession(requireUser(request), request.params.sessionId),
    )

    app.post(
      billingPaths.testCheckoutComplete,
      {
        schema: { tags, params: checkoutSessionParams, response: { 200: testCheckoutResultResponse, ...errors } },
        config: user,
      },
      async (request) => checkout.completeTestSession(requireUser(request), request.params.sessionId),
    )

    app.post(
      billingPaths.testCheckoutCancel,
      {
        schema: { tags, params: checkoutSessionParams, response: { 200: testCheckoutResultResponse, ...errors } },
        config: user,
      },
      async (request) => checkout.cancelTestSession(requireUser(request), request.params.sessionId),
    )

    // Stripe signs the exact bytes it sent: this route alone reads its body raw.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers()
      raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
      raw.post(
        billingPaths.webhook,
        {
          schema: { tags, response: { 200: webhookResponse, ...errors } },
          config: open,
        },
        async (request) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
          const signature = request.headers['stripe-signature']
          const outcome = await webhook.receive(body, typeof signature === 'string' ? signature : undefined)
          request.log.info({ outcome }, 'Stripe webhook')
          return { received: true as const }
        },
      )
    })

    app.post(
      billingPaths.subscriptions,
      {
        schema: {
          tags,
          description:
            'Creates a complimentary subscription (nothing is charged) and makes it the user’s plan, replacing ' +
            'their live subscription. Admins may do this for any user and any plan. Other users only for ' +
            'themselves (403 otherwise) and only for a free, selectable plan: a paid plan answers 402 ' +
            '(subscription_paid_plan) because paid plans are bought through POST /api/checkout/session.',
          body: createSubscriptionRequest,
          response: { 201: subscriptionSchema, ...errors },
        },
        config: user,
      },
      async (request, reply) =>
        reply.status(201).send(await subscriptions.createComplimentary(requireUser(request), request.body)),
    )

    app.post(
      billingPaths.cancelSubscription,
      {
        schema: {
          tags,
          description:
            'Cancels the caller’s subscription: it stays until the end of the period (or trial) already given, ' +
            'then ends and the plan falls back to Guest; nothing more is charged.',
          response: { 200: subscriptionSchema, ...errors },
        },
        config: user,
      },
      async (request) => subscriptions.cancelOwn(requireUser(request)),
    )

    app.get(
      billingPaths.mySubscriptionLevel,
      { schema: { tags, response: { 200: userCurrentPlanResponse, ...errors } }, config: user },
      async (request) => subscriptions.currentPlan(requireUser(request).id),
    )

    app.post(
      billingPaths.recoveryCheckout,
      {
        schema: {
          tags,
          params: transferIdParams,
          body: recoveryCheckoutRequest.optional(),
          response: { 200: checkoutSessionResponse, ...errors },
        },
        config: user,
      },
      async (request) =>
        checkout.createRecoveryCheckout(requireUser(request), request.params.id, request.body ?? {}, originOf(request)),
    )

    app.post(
      billingPaths.confirmRecovery,
      {
        schema: {
          tags,
          params: transferIdParams,
          body: confirmRecoveryRequest,
          response: { 200: confirmRecoveryResponse, ...errors },
        },
        config: user,
      },
      async (request) => checkout.confirmRecovery(requireUser(request), request.params.id, request.body.session_id),
    )
  }
