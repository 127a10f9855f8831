import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/database.js'
import { plans, subscriptions } from '../../db/schema/index.js'
import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import { createBillingRepository } from './billing.repository.js'

/**
 * Told, in the transaction that gives a user a new subscription, that it changed: an organization's
 * owner pays per member, so the organizations feature queues its seats job to set the new
 * subscription's quantity to the member count (decision 0026).
 */
export interface SubscriptionSeatsSync {
  subscriptionChanged(tx: Db, userId: string): Promise<void>
}

/**
 * Seats on a subscription (issue 22: organizations billed per member). The subscription's
 * `quantity` is its number of seats and `amount_cents` the seat price × quantity; with Stripe the
 * subscription item's quantity changes too, prorated by Stripe. Called by the organizations
 * feature's seats job, so a Stripe failure is retried by the job queue.
 */
export function createSubscriptionSeats(deps: Pick<Deps, 'clock' | 'database' | 'payments'>) {
  const db = deps.database.db
  return {
    /** The user's live subscription (what pays for an organization's seats), or undefined. */
    liveOf(userId: string) {
      return createBillingRepository(db).findLive(userId)
    },

    /**
     * Sets the seats of `userId`'s live subscription. Returns false when the quantity changed under
     * it (another job's write): the caller counts again. Nothing to do without a live subscription.
     */
    async setSeats(userId: string, seats: number): Promise<boolean> {
      const subscription = await createBillingRepository(db).findLive(userId)
      if (!subscription || subscription.quantity === seats) return true
      if (subscription.provider === 'stripe' && subscription.providerSubscriptionId) {
        await deps.payments.setQuantity(subscription.providerSubscriptionId, seats)
      }
      const seatPrice = subscription.amountCents === null ? null : subscription.amountCents / subscription.quantity
      // Only over the quantity read above: a concurrent job's newer write is not undone.
      const updated = await db
        .update(subscriptions)
        .set({
          quantity: seats,
          amountCents: seatPrice === null ? null : Math.round(seatPrice * seats),
          updatedAt: deps.clock.now(),
        })
        .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.quantity, subscription.quantity)))
        .returning({ id: subscriptions.id })
      return updated.length > 0
    },

    /**
     * Moves `fromUserId`'s live subscription to `toUserId` (an organization's ownership handed over),
     * in the caller's transaction: the same provider subscription goes on billing the seats.
     * 409 `new_owner_has_subscription` when the new holder has a live subscription of their own.
     */
    async moveSubscription(tx: Db, fromUserId: string, toUserId: string): Promise<void> {
      const billing = createBillingRepository(tx)
      const now = deps.clock.now()
      const paying = await billing.findLive(fromUserId, { lock: true })
      if (!paying) return
      if (await billing.findLive(toUserId, { lock: true })) throw new AppError('new_owner_has_subscription', 409)
      await tx.update(subscriptions).set({ userId: toUserId, updatedAt: now }).where(eq(subscriptions.id, paying.id))
      const [plan] = await tx.select({ role: plans.role }).from(plans).where(eq(plans.id, paying.planId))
      if (plan?.role === 'PREMIUM') {
        await billing.setRoleUnlessAdmin(toUserId, 'PREMIUM', now)
        await billing.setRoleUnlessAdmin(fromUserId, 'FREE', now)
      }
    },
  }
}

export type SubscriptionSeats = ReturnType<typeof createSubscriptionSeats>
