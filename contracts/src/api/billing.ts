import { z } from 'zod'
import { plainText } from '../domain/text.js'
import { planSchema } from './plans.js'

// Billing's shapes (spec/accounts.md §3, §4, §7; product.md §6): checkout sessions, the built-in test
// checkout, subscriptions, the user's current plan and transfer recovery payments; the routes are in
// routes/billing.ts. Money is in euros in the API (9.99) and integer cents on the server.

/** The web page of the built-in test checkout; `url` of a session points here in test mode. */
export const testCheckoutPagePath = '/checkout/test/:sessionId'
export const testCheckoutPageUrl = (sessionId: string) => `/checkout/test/${encodeURIComponent(sessionId)}`

/**
 * Written literally in success_url/cancel_url, replaced by the session id when the user returns
 * (the same placeholder Stripe uses), e.g. `/upgrade/success?session_id={CHECKOUT_SESSION_ID}`.
 */
export const checkoutSessionIdPlaceholder = '{CHECKOUT_SESSION_ID}'

/** Trial days a valid referral code gives (spec/accounts.md §1, §9). */
export const referralTrialDays = 30

export const billingIntervals = ['monthly', 'yearly'] as const
export const billingIntervalSchema = z.enum(billingIntervals)
export type BillingInterval = z.infer<typeof billingIntervalSchema>

/**
 * A return address: a path on this site ('/upgrade/success') or an absolute http(s) URL of this
 * site's origin (the server refuses other origins).
 */
const returnUrl = z.string().trim().min(1).max(2000)

/** A referral code as typed: trimmed; empty means none (spec/accounts.md §5). */
export const optionalReferralCode = plainText(z.string().trim().max(64), 'The referral code')
  .optional()
  .nullable()
  .transform((v) => (v ? v : undefined))

/** POST /api/checkout/session (spec/accounts.md §3 Checkout session request). */
export const checkoutSessionRequest = z.object({
  user_id: plainText(z.string().min(1).max(64), 'The user id'),
  plan_id: plainText(z.string().max(64), 'The plan id'),
  referral_code: optionalReferralCode,
  success_url: returnUrl,
  cancel_url: returnUrl,
  /** Which of the plan's prices is charged; monthly when left out. */
  interval: billingIntervalSchema.default('monthly'),
})
export type CheckoutSessionRequest = z.input<typeof checkoutSessionRequest>

/** Where to send the browser: Stripe Checkout, or `/checkout/test/{session_id}` in test mode. */
export const checkoutSessionResponse = z.object({
  url: z.string(),
  session_id: z.string(),
})
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponse>

export const checkoutKinds = ['subscription', 'recovery'] as const
export const checkoutKindSchema = z.enum(checkoutKinds)
export type CheckoutKind = z.infer<typeof checkoutKindSchema>

export const checkoutStatuses = ['open', 'completed', 'canceled'] as const
export const checkoutStatusSchema = z.enum(checkoutStatuses)
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>

export const checkoutSessionParams = z.object({ sessionId: plainText(z.string().min(1).max(100), 'The session id') })

/** GET /api/checkout/test/{sessionId}: what the test checkout page shows. */
export const testCheckoutSessionSchema = z.object({
  id: z.string(),
  kind: checkoutKindSchema,
  status: checkoutStatusSchema,
  /** Always true: the page must say it is test mode and that no card is charged. */
  test_mode: z.literal(true),
  plan_id: z.string(),
  plan_name: z.string(),
  /** Euros charged (after the trial for subscriptions); e.g. 99. */
  amount: z.number(),
  currency: z.literal('eur'),
  /** Null for a recovery payment. */
  interval: billingIntervalSchema.nullable(),
  /** Free trial days before the first charge; 0 for none. */
  trial_days: z.int().nonnegative(),
  referral_code: z.string().nullable(),
  /** The transfer a recovery payment is for; null for subscriptions. */
  transfer_id: z.string().nullable(),
  /** That transfer's title, as its owner knows it ('' when it has none); null for subscriptions. */
  transfer_title: z.string().nullable(),
  success_url: z.string(),
  cancel_url: z.string(),
  created_at: z.iso.datetime({ offset: true }),
})
export type TestCheckoutSession = z.infer<typeof testCheckoutSessionSchema>

/** POST /api/checkout/test/{sessionId}/complete and /cancel: where the browser goes next. */
export const testCheckoutResultResponse = z.object({ redirect_url: z.string() })
export type TestCheckoutResultResponse = z.infer<typeof testCheckoutResultResponse>

/**
 * TRIALING (free trial, not charged yet), ACTIVE (paid), CANCELED (the user canceled: the plan
 * stays until end_date, then ENDED), ENDED (no longer gives its plan).
 */
export const subscriptionStatuses = ['TRIALING', 'ACTIVE', 'CANCELED', 'ENDED'] as const
export const subscriptionStatusSchema = z.enum(subscriptionStatuses)
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>

/** stripe or test (checkout), complimentary (POST /api/billing/subscriptions). */
export const subscriptionProviders = ['stripe', 'test', 'complimentary'] as const
export const subscriptionProviderSchema = z.enum(subscriptionProviders)

const isoDate = z.iso.datetime({ offset: true })

/** A subscription (spec/accounts.md §3 Subscription). */
export const subscriptionSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  plan_id: z.string(),
  plan_name: z.string(),
  status: subscriptionStatusSchema,
  /** Null for complimentary subscriptions. */
  interval: billingIntervalSchema.nullable(),
  /** Euros per interval; null for complimentary subscriptions. */
  amount: z.number().nullable(),
  provider: subscriptionProviderSchema,
  start_date: isoDate,
  /** When it ends (CANCELED) or ended (ENDED); null while it renews. */
  end_date: isoDate.nullable(),
  /** The next charge (the trial end while TRIALING); null when nothing more will be charged. */
  next_billing_date: isoDate.nullable(),
  trial_start: isoDate.nullable(),
  trial_end: isoDate.nullable(),
  referral_code_used: z.string().nullable(),
  created_at: isoDate,
})
export type Subscription = z.infer<typeof subscriptionSchema>

/** GET /api/user/subscription-level (spec/accounts.md §3 User current plan response). */
export const userCurrentPlanResponse = z.object({
  plan: planSchema,
  is_trial: z.boolean(),
  /** Rounded up, ≥ 0 (domain/trial.ts); 0 when not in a trial. */
  trial_days_remaining: z.int().nonnegative(),
  /** The subscription that gives `plan`; null on Guest without one. */
  subscription: subscriptionSchema.nullable(),
})
export type UserCurrentPlanResponse = z.infer<typeof userCurrentPlanResponse>

/** POST /api/billing/subscriptions (spec/accounts.md §7). */
export const createSubscriptionRequest = z.object({
  user_id: z.uuid(),
  plan_id: plainText(z.string().min(1).max(64), 'The plan id'),
})
export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionRequest>

/** POST /api/transfers/{id}/recovery-checkout; both default to the recovery pages of the web app. */
export const recoveryCheckoutRequest = z.object({
  /** Default `/recovery-success?transfer_id={id}&session_id={CHECKOUT_SESSION_ID}`. */
  success_url: returnUrl.optional(),
  /** Default `/transfers/{id}`. */
  cancel_url: returnUrl.optional(),
})
export type RecoveryCheckoutRequest = z.infer<typeof recoveryCheckoutRequest>

/** POST /api/transfers/{id}/confirm-recovery-payment (spec/accounts.md §7). */
export const confirmRecoveryRequest = z.object({ session_id: plainText(z.string().min(1).max(255), 'The session id') })
export type ConfirmRecoveryRequest = z.infer<typeof confirmRecoveryRequest>

export const confirmRecoveryResponse = z.object({
  transfer_id: z.string(),
  /** The transfer's new expiry: 7 days from the confirmation. */
  expires_at: isoDate,
})
export type ConfirmRecoveryResponse = z.infer<typeof confirmRecoveryResponse>

/** POST /api/billing/webhook answers this for every verified event (handled or ignored). */
export const webhookResponse = z.object({ received: z.literal(true) })
