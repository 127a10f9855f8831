/**
 * Card payments: Stripe Checkout when configured, else the built-in test checkout (product.md §6).
 * Both end in the billing feature's one fulfilment function.
 */
export interface PaymentsAdapter {
  readonly kind: 'stripe' | 'test'
  /** Opens a checkout; `url` is where the browser goes to pay. */
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>
  /** The provider's view of a session (Stripe only): whether it is paid. */
  retrieveSession(sessionId: string): Promise<ProviderSession>
  /** Verifies the signature on the raw body; AppError 400 when it does not match. */
  parseWebhook(rawBody: Buffer, signature: string | undefined, receivedAt: Date): PaymentEvent
  /** Stops renewing the provider's subscription at the end of the period already paid. */
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void>
  /** Undoes cancelAtPeriodEnd: the provider's subscription renews again at the end of its period. */
  resume(providerSubscriptionId: string): Promise<void>
  /** Ends the provider's subscription at once (it was replaced by another). */
  cancelNow(providerSubscriptionId: string): Promise<void>
  /** Ends the provider's trial now and charges the first period (the user had a trial already). */
  endTrialNow(providerSubscriptionId: string): Promise<void>
  /**
   * Sets the number of seats (the subscription item's quantity), prorated: an organization's
   * members joined or left (issue 22). Absolute, so repeating it changes nothing.
   */
  setQuantity(providerSubscriptionId: string, quantity: number): Promise<void>
}

export interface CheckoutRequest {
  kind: 'subscription' | 'recovery'
  userId: string
  customerEmail: string
  /** What the card statement and the checkout page show, e.g. 'Ferry Pro (yearly)'. */
  productName: string
  amountCents: number
  /** Null for a one-off payment (recovery). */
  interval: 'monthly' | 'yearly' | null
  trialDays: number
  /** Absolute; may contain {CHECKOUT_SESSION_ID}. */
  successUrl: string
  cancelUrl: string
  metadata: Record<string, string>
}

export interface CreatedCheckout {
  id: string
  url: string
}

export interface ProviderSession {
  id: string
  /** Paid, or nothing to pay now (a subscription starting with a trial). */
  paid: boolean
  providerSubscriptionId: string | null
  providerCustomerId: string | null
}

export type PaymentEvent =
  | { id: string; type: 'checkout.completed'; session: ProviderSession }
  | {
      id: string
      type: 'invoice.paid'
      invoiceId: string
      providerSubscriptionId: string | null
      amountCents: number
      /** The end of the period the invoice pays for (the next billing date). */
      periodEnd: Date | null
    }
  | { id: string; type: 'subscription.deleted'; providerSubscriptionId: string; endedAt: Date | null }
  | { id: string; type: 'ignored'; providerType: string }
