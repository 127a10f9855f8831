import type { PaymentEvent } from '../../adapters/payments/payments.js'
import { AppError } from '../../errors.js'
import { createBillingRepository } from './billing.repository.js'
import { addInterval } from './billing-periods.js'
import { createFulfilment, type FulfilmentDeps } from './fulfilment.js'
import { endSubscription } from './subscription-lifecycle.js'

/**
 * Stripe's webhook (product.md §6): a verified event is handled once (its id is stored in the same
 * transaction as its effect, so a replay changes nothing); unknown types are acknowledged and
 * logged. An event that cannot be applied yet (e.g. a renewal before its checkout) answers 503,
 * so Stripe sends it again later.
 */
export function createWebhookService(deps: FulfilmentDeps) {
  const { clock, database, logger, payments } = deps
  const fulfil = createFulfilment(deps)
  const retryLater = (detail: string) => new AppError('service_unavailable', 503, detail)

  /** Runs `apply` with the event claimed; a replay (already claimed) is skipped. */
  async function once(event: PaymentEvent, apply: (tx: Parameters<typeof endSubscription>[0]) => Promise<void>) {
    return database.db.transaction(async (tx) => {
      if (!(await createBillingRepository(tx).claimEvent(event.id, event.type))) return false
      await apply(tx)
      return true
    })
  }

  async function handle(event: PaymentEvent): Promise<'handled' | 'replayed' | 'ignored'> {
    switch (event.type) {
      case 'checkout.completed': {
        const { session } = event
        if (!session.paid) return 'ignored' // an asynchronous payment: its own event follows
        if (!(await createBillingRepository(database.db).findSession(session.id))) {
          logger.warn({ eventId: event.id, sessionId: session.id }, 'Stripe checkout of an unknown session ignored')
          return 'ignored'
        }
        // Fulfilment is itself idempotent per session; the event id is recorded afterwards.
        const result = await fulfil(session.id, {
          providerSubscriptionId: session.providerSubscriptionId,
          providerCustomerId: session.providerCustomerId,
        })
        await createBillingRepository(database.db).claimEvent(event.id, event.type)
        return result.changed ? 'handled' : 'replayed'
      }
      case 'invoice.paid': {
        if (!event.providerSubscriptionId || event.amountCents <= 0) return 'ignored' // e.g. a trial's €0 invoice
        const applied = await once(event, async (tx) => {
          const repo = createBillingRepository(tx)
          const row = await repo.findByProviderId(event.providerSubscriptionId!)
          if (!row) throw retryLater('The subscription of this invoice is not known yet.')
          const now = clock.now()
          await repo.insertPayment({
            userId: row.userId,
            subscriptionId: row.id,
            provider: 'stripe',
            reference: event.invoiceId,
            amountCents: event.amountCents,
            periodStart: now,
            paidAt: now,
          })
          if (row.status === 'TRIALING' || row.status === 'ACTIVE') {
            const next = event.periodEnd ?? (row.interval ? addInterval(now, row.interval) : null)
            await repo.updateSubscription(row.id, { status: 'ACTIVE', nextBillingDate: next }, now)
          }
        })
        return applied ? 'handled' : 'replayed'
      }
      case 'subscription.deleted': {
        const applied = await once(event, async (tx) => {
          const row = await createBillingRepository(tx).findByProviderId(event.providerSubscriptionId)
          if (!row || row.status === 'ENDED') return
          await endSubscription(tx, row, event.endedAt ?? clock.now())
        })
        return applied ? 'handled' : 'replayed'
      }
      default:
        logger.info({ eventId: event.id, type: event.providerType }, 'Stripe event type ignored')
        return 'ignored'
    }
  }

  return {
    /** Verifies and applies one webhook delivery. */
    async receive(rawBody: Buffer, signature: string | undefined): Promise<'handled' | 'replayed' | 'ignored'> {
      const event = payments.parseWebhook(rawBody, signature, clock.now())
      return handle(event)
    },
  }
}
