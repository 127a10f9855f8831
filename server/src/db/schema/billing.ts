import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { plans } from './plans.js'
import { transfers } from './transfers.js'
import { users } from './users.js'

export type SubscriptionStatus = 'TRIALING' | 'ACTIVE' | 'CANCELED' | 'ENDED'

/** Subscription statuses that give their plan (CANCELED until its end date, when the renewal job ends it). */
export const liveSubscriptionStatuses = [
  'TRIALING',
  'ACTIVE',
  'CANCELED',
] as const satisfies readonly SubscriptionStatus[]
export type BillingInterval = 'monthly' | 'yearly'
export type PaymentProvider = 'stripe' | 'test'

/**
 * A user's subscription to a plan (spec/accounts.md §3 Subscription). TRIALING, ACTIVE and CANCELED
 * (until end_date) give their plan; a user has at most one such "live" subscription. Money is in
 * integer cents.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    provider: text('provider').$type<PaymentProvider | 'complimentary'>().notNull(),
    /** Null for complimentary subscriptions. */
    interval: text('interval').$type<BillingInterval>(),
    /** What one period costs in all: the seat price × `quantity`. */
    amountCents: integer('amount_cents'),
    /** Seats: 1, or an organization's number of members (issue 22; Stripe's subscription item quantity). */
    quantity: integer('quantity').notNull().default(1),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }),
    nextBillingDate: timestamp('next_billing_date', { withTimezone: true }),
    trialStart: timestamp('trial_start', { withTimezone: true }),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    referralCodeUsed: text('referral_code_used'),
    checkoutSessionId: text('checkout_session_id'),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_one_live_per_user_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('TRIALING', 'ACTIVE', 'CANCELED')`),
    index('subscriptions_next_billing_idx').on(t.nextBillingDate).where(sql`${t.status} in ('TRIALING', 'ACTIVE')`),
    index('subscriptions_end_idx').on(t.endDate).where(sql`${t.status} = 'CANCELED'`),
    check('subscriptions_status_check', sql`${t.status} in ('TRIALING', 'ACTIVE', 'CANCELED', 'ENDED')`),
    check('subscriptions_provider_check', sql`${t.provider} in ('stripe', 'test', 'complimentary')`),
    check('subscriptions_interval_check', sql`${t.interval} is null or ${t.interval} in ('monthly', 'yearly')`),
    check('subscriptions_quantity_check', sql`${t.quantity} >= 1`),
    check('subscriptions_amount_check', sql`${t.amountCents} is null or ${t.amountCents} >= 0`),
  ],
)

/**
 * A checkout: for a subscription or a transfer recovery, through Stripe or the built-in test
 * checkout. What fulfilment grants is read from here (never from the provider's metadata).
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** Stripe's session id, or `cs_test_…` for the test checkout. */
    id: text('id').primaryKey(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    kind: text('kind').$type<'subscription' | 'recovery'>().notNull(),
    status: text('status').$type<'open' | 'completed' | 'canceled'>().notNull().default('open'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    interval: text('interval').$type<BillingInterval>(),
    amountCents: integer('amount_cents').notNull(),
    trialDays: integer('trial_days').notNull().default(0),
    referralCode: text('referral_code'),
    transferId: uuid('transfer_id').references(() => transfers.id, { onDelete: 'cascade' }),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('checkout_sessions_user_idx').on(t.userId, t.createdAt),
    check('checkout_sessions_kind_check', sql`${t.kind} in ('subscription', 'recovery')`),
    check('checkout_sessions_status_check', sql`${t.status} in ('open', 'completed', 'canceled')`),
    check('checkout_sessions_amount_check', sql`${t.amountCents} >= 0`),
  ],
)

/** Money received: a subscription period or a recovery. `reference` (invoice or session id) is unique. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    checkoutSessionId: text('checkout_session_id'),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    reference: text('reference').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    /** The start of the period it pays for (subscriptions). */
    periodStart: timestamp('period_start', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.paidAt),
    check('payments_amount_check', sql`${t.amountCents} >= 0`),
  ],
)

/** Stripe events already handled: a replayed event changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
})
