import {
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
} from '../api/billing.js'
import { transferIdParams } from '../api/transfers.js'
import { defineRoutes } from './route.js'

/**
 * Billing (spec/accounts.md §3, §4, §7; product.md §6): checkout sessions, the built-in test
 * checkout, Stripe's webhook, subscriptions, the user's current plan and transfer recovery payments.
 * Money is in euros in the API (9.99) and integer cents on the server.
 */
export const billingApi = defineRoutes('billing', {
  checkoutSession: {
    method: 'POST',
    path: '/api/checkout/session',
    access: 'user',
    // A visitor gets the spec's 'You need to be logged in to upgrade your plan', before the body is read.
    unauthorizedCode: 'checkout_login_required',
    body: checkoutSessionRequest,
    responses: { 200: checkoutSessionResponse },
  },
  /** The built-in test checkout (only when Stripe is not configured); owner only. */
  testCheckout: {
    method: 'GET',
    path: '/api/checkout/test/:sessionId',
    access: 'user',
    params: checkoutSessionParams,
    responses: { 200: testCheckoutSessionSchema },
  },
  testCheckoutComplete: {
    method: 'POST',
    path: '/api/checkout/test/:sessionId/complete',
    access: 'user',
    params: checkoutSessionParams,
    responses: { 200: testCheckoutResultResponse },
  },
  testCheckoutCancel: {
    method: 'POST',
    path: '/api/checkout/test/:sessionId/cancel',
    access: 'user',
    params: checkoutSessionParams,
    responses: { 200: testCheckoutResultResponse },
  },
  /** Stripe's events: signed, so the server reads this body raw (no body schema). */
  webhook: {
    method: 'POST',
    path: '/api/billing/webhook',
    access: 'public',
    responses: { 200: webhookResponse },
  },
  /** Complimentary subscriptions: admins for anyone, users only for free plans. */
  createSubscription: {
    method: 'POST',
    path: '/api/billing/subscriptions',
    access: 'user',
    description:
      'Creates a complimentary subscription (nothing is charged) and makes it the user’s plan, replacing ' +
      'their live subscription. Admins may do this for any user and any plan. Other users only for ' +
      'themselves (403 otherwise) and only for a free, selectable plan: a paid plan answers 402 ' +
      '(subscription_paid_plan) because paid plans are bought through POST /api/checkout/session.',
    body: createSubscriptionRequest,
    responses: { 201: subscriptionSchema },
  },
  cancelSubscription: {
    method: 'POST',
    path: '/api/billing/subscription/cancel',
    access: 'user',
    description:
      'Cancels the caller’s subscription: it stays until the end of the period (or trial) already given, ' +
      'then ends and the plan falls back to Guest; nothing more is charged.',
    responses: { 200: subscriptionSchema },
  },
  resumeSubscription: {
    method: 'POST',
    path: '/api/billing/subscription/resume',
    access: 'user',
    description:
      'Takes back the caller’s cancellation while the plan still runs: it renews again at the date it would ' +
      'have ended. 409 subscription_not_canceled or subscription_resume_ended otherwise.',
    responses: { 200: subscriptionSchema },
  },
  mySubscriptionLevel: {
    method: 'GET',
    path: '/api/user/subscription-level',
    access: 'user',
    responses: { 200: userCurrentPlanResponse },
  },
  /** Starts a checkout for recovering an expired transfer (owner only); the body may be left out. */
  recoveryCheckout: {
    method: 'POST',
    path: '/api/transfers/:id/recovery-checkout',
    access: 'user',
    params: transferIdParams,
    body: recoveryCheckoutRequest.optional(),
    responses: { 200: checkoutSessionResponse },
  },
  confirmRecovery: {
    method: 'POST',
    path: '/api/transfers/:id/confirm-recovery-payment',
    access: 'user',
    params: transferIdParams,
    body: confirmRecoveryRequest,
    responses: { 200: confirmRecoveryResponse },
  },
})
