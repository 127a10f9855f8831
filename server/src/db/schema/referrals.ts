import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.js'

export type PayoutStatus = 'PENDING' | 'APPROVED' | 'PAID' | 'CANCELLED'

/**
 * Referral codes (spec/accounts.md §3 Referral). A code is used once (`invited_user_id`); a user is the
 * invitee of at most one referral. The payout (integer cents) exists once the invitee buys a
 * yearly plan: PENDING until `payout_due_at` (their trial end + 1 year), then APPROVED, PAID.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inviteCode: text('invite_code').notNull().unique(),
    inviterUserId: uuid('inviter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedUserId: uuid('invited_user_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    payoutAmountCents: integer('payout_amount_cents').notNull().default(0),
    payoutStatus: text('payout_status').$type<PayoutStatus>(),
    payoutDueAt: timestamp('payout_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    conversionDate: timestamp('conversion_date', { withTimezone: true }),
    payoutUpdatedAt: timestamp('payout_updated_at', { withTimezone: true }),
  },
  (t) => [
    index('referrals_inviter_idx').on(t.inviterUserId, t.createdAt, t.id),
    index('referrals_payout_due_idx').on(t.payoutDueAt).where(sql`${t.payoutStatus} = 'PENDING'`),
    check(
      'referrals_payout_status_check',
      sql`${t.payoutStatus} is null or ${t.payoutStatus} in ('PENDING', 'APPROVED', 'PAID', 'CANCELLED')`,
    ),
    check('referrals_payout_amount_check', sql`${t.payoutAmountCents} >= 0`),
  ],
)
