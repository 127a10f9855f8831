import { and, asc, desc, eq, inArray, isNotNull, lte, ne } from 'drizzle-orm'
import type { Db } from '../../db/database.js'
import {
  billingEvents,
  checkoutSessions,
  liveSubscriptionStatuses,
  payments,
  subscriptions,
  users,
} from '../../db/schema/index.js'

export type SubscriptionRow = typeof subscriptions.$inferSelect
export type NewSubscription = typeof subscriptions.$inferInsert
export type SubscriptionPatch = Partial<Omit<NewSubscription, 'id' | 'userId' | 'createdAt'>>
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect
export type NewCheckoutSession = typeof checkoutSessions.$inferInsert
export type NewPayment = typeof payments.$inferInsert

/** Queries on subscriptions, checkout sessions, payments and processed events; no rules. */
export function createBillingRepository(db: Db) {
  return {
    async insertSession(row: NewCheckoutSession): Promise<CheckoutSessionRow> {
      const [created] = await db.insert(checkoutSessions).values(row).returning()
      return created!
    },

    async findSession(id: string, options: { lock?: boolean } = {}): Promise<CheckoutSessionRow | undefined> {
      const query = db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id))
      const [row] = await (options.lock ? query.for('update') : query)
      return row
    },

    /** Closes an open session (a closed one stays as it is). */
    async closeSession(id: string, status: 'completed' | 'canceled', at: Date): Promise<void> {
      await db
        .update(checkoutSessions)
        .set({ status, completedAt: status === 'completed' ? at : null })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
    },

    /** The user's live subscription (TRIALING, ACTIVE or CANCELED), locked when asked. */
    async findLive(userId: string, options: { lock?: boolean } = {}): Promise<SubscriptionRow | undefined> {
      const query = db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...liveSubscriptionStatuses])))
      const [row] = await (options.lock ? query.for('update') : query)
      return row
    },

    async findByProviderId(providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
        .for('update')
      return row
    },

    async lockById(id: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update')
      return row
    },

    /** Whether the user ever had a free trial (trials are for a first subscription only). */
    async hadTrial(userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.trialStart)))
        .limit(1)
      return rows.length > 0
    },

    async insertSubscription(row: NewSubscription): Promise<SubscriptionRow> {
      const [created] = await db.insert(subscriptions).values(row).returning()
      return created!
    },

    async updateSubscription(id: string, patch: SubscriptionPatch, at: Date): Promise<SubscriptionRow> {
      const [row] = await db
        .update(subscriptions)
        .set({ ...patch, updatedAt: at })
        .where(eq(subscriptions.id, id))
        .returning()
      return row!
    },

    /** Test-mode subscriptions whose next charge is due. */
    async listDueRenewals(now: Date, limit: number): Promise<{ id: string }[]> {
      return db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.provider, 'test'),
            inArray(subscriptions.status, ['TRIALING', 'ACTIVE']),
            lte(subscriptions.nextBillingDate, now),
          ),
        )
        .orderBy(asc(subscriptions.nextBillingDate))
        .limit(limit)
    },

    /** Canceled subscriptions whose end date passed. */
    async listDueEnds(now: Date, limit: number): Promise<{ id: string }[]> {
      return db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.status, 'CANCELED'), lte(subscriptions.endDate, now)))
        .orderBy(asc(subscriptions.endDate))
        .limit(limit)
    },

    /** Records a payment once per reference; false when it was already recorded. */
    async insertPayment(row: NewPayment): Promise<boolean> {
      const inserted = await db
        .insert(payments)
        .values(row)
        .onConflictDoNothing({ target: payments.reference })
        .returning({ id: payments.id })
      return inserted.length > 0
    },

    async paymentsOf(userId: string) {
      return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.paidAt))
    },

    /** Claims an event id; false when it was processed already. */
    async claimEvent(id: string, type: string): Promise<boolean> {
      const inserted = await db
        .insert(billingEvents)
        .values({ id, type })
        .onConflictDoNothing({ target: billingEvents.id })
        .returning({ id: billingEvents.id })
      return inserted.length > 0
    },

    /** Sets the user's role, never changing an ADMIN's. */
    async setRoleUnlessAdmin(userId: string, role: 'FREE' | 'PREMIUM', at: Date): Promise<void> {
      await db
        .update(users)
        .set({ role, updatedAt: at })
        .where(and(eq(users.id, userId), ne(users.role, 'ADMIN')))
    },

    /** Serialises billing changes of one user (checkout fulfilment, complimentary plans, cancel). */
    async lockUser(userId: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
      return rows.length > 0
    },

    async findUser(userId: string) {
      const [row] = await db
        .select({ id: users.id, email: users.email, role: users.role })
        .from(users)
        .where(eq(users.id, userId))
      return row
    },
  }
}

export type BillingRepository = ReturnType<typeof createBillingRepository>
