import Stripe from 'stripe'
import { AppError } from '../../errors.js'
import type { CheckoutRequest, PaymentEvent, PaymentsAdapter, ProviderSession } from './payments.js'

export interface StripePaymentsConfig {
  secretKey: string
  webhookSecret: string
  /** Another API origin (tests point it at a local stand-in), e.g. http://127.0.0.1:4567 */
  apiBase?: string
}

const unavailable = (cause: unknown) => {
  const error = new AppError('payment_unavailable', 503)
  error.cause = cause
  return error
}

/** Stripe's call, with its failures answered as 503 'Payment processing is temporarily unavailable…'. */
async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    throw unavailable(error)
  }
}

type Loose = Record<string, unknown>
const str = (v: unknown): string | null => (typeof v === 'string' ? v : v && typeof v === 'object' ? idOf(v) : null)
const idOf = (v: object): string | null => (typeof (v as Loose).id === 'string' ? ((v as Loose).id as string) : null)
const at = (seconds: unknown): Date | null => (typeof seconds === 'number' ? new Date(seconds * 1000) : null)

function toSession(session: Loose): ProviderSession {
  return {
    id: String(session.id),
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    providerSubscriptionId: str(session.subscription),
    providerCustomerId: str(session.customer),
  }
}

/** Event payloads read loosely: their shape moves between Stripe API versions. */
function toEvent(event: Stripe.Event): PaymentEvent {
  const object = event.data.object as unknown as Loose
  switch (event.type) {
    case 'checkout.session.completed':
      return { id: event.id, type: 'checkout.completed', session: toSession(object) }
    case 'invoice.paid': {
      const parent = (object.parent ?? {}) as Loose
      const details = (parent.subscription_details ?? {}) as Loose
      const lines = ((object.lines ?? {}) as Loose).data as Loose[] | undefined
      const period = (lines?.[0]?.period ?? {}) as Loose
      return {
        id: event.id,
        type: 'invoice.paid',
        invoiceId: String(object.id),
        providerSubscriptionId: str(details.subscription) ?? str(object.subscription),
        amountCents: typeof object.amount_paid === 'number' ? object.amount_paid : 0,
        periodEnd: at(period.end),
      }
    }
    case 'customer.subscription.deleted':
      return {
        id: event.id,
        type: 'subscription.deleted',
        providerSubscriptionId: String(object.id),
        endedAt: at(object.ended_at),
      }
    default:
      return { id: event.id, type: 'ignored', providerType: event.type }
  }
}

/** Stripe Checkout (product.md §6): subscriptions with price_data and trial days; one-off recovery payments. */
export function createStripePayments(config: StripePaymentsConfig): PaymentsAdapter {
  const base = config.apiBase ? new URL(config.apiBase) : undefined
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  })

  return {
    kind: 'stripe',

    async createCheckout(request: CheckoutRequest) {
      const recurring = request.interval
        ? { recurring: { interval: request.interval === 'yearly' ? ('year' as const) : ('month' as const) } }
        : {}
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: request.kind === 'subscription' ? 'subscription' : 'payment',
          customer_email: request.customerEmail,
          client_reference_id: request.userId,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: request.amountCents,
                product_data: { name: request.productName },
                ...recurring,
              },
            },
          ],
          ...(request.kind === 'subscription'
            ? {
                subscription_data: {
                  metadata: request.metadata,
                  ...(request.trialDays > 0 ? { trial_period_days: request.trialDays } : {}),
                },
              }
            : {}),
          metadata: request.metadata,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        }),
      )
      if (!session.url) throw unavailable(new Error('Stripe answered a session without url'))
      return { id: session.id, url: session.url }
    },

    async retrieveSession(sessionId) {
      const session = await call(() => stripe.checkout.sessions.retrieve(sessionId))
      return toSession(session as unknown as Loose)
    },

    parseWebhook(rawBody, signature, receivedAt) {
      if (!signature) throw new AppError('webhook_signature_invalid', 400)
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          config.webhookSecret,
          undefined,
          undefined,
          // Milliseconds: stripe-node divides by 1000 itself (seconds here made every age negative).
          receivedAt.getTime(),
        )
      } catch {
        throw new AppError('webhook_signature_invalid', 400)
      }
      return toEvent(event)
    },

    async cancelAtPeriodEnd(providerSubscriptionId) {
      await call(() => stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true }))
    },

    async resume(providerSubscriptionId) {
      await call(() => stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: false }))
    },

    async endTrialNow(providerSubscriptionId) {
      await call(() => stripe.subscriptions.update(providerSubscriptionId, { trial_end: 'now' }))
    },

    async setQuantity(providerSubscriptionId, quantity) {
      const subscription = await call(() => stripe.subscriptions.retrieve(providerSubscriptionId))
      const item = subscription.items.data[0]
      if (!item) throw unavailable(new Error(`Stripe subscription ${providerSubscriptionId} has no item`))
      if (item.quantity === quantity) return
      await call(() =>
        stripe.subscriptions.update(providerSubscriptionId, {
          items: [{ id: item.id, quantity }],
          proration_behavior: 'create_prorations',
        }),
      )
    },

    async cancelNow(providerSubscriptionId) {
      await call(() => stripe.subscriptions.cancel(providerSubscriptionId))
    },
  }
}
