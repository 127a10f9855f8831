import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.js'

/**
 * The 6-digit codes emailed to senders on a plan with `requires_otp` (DECISIONS §12): one row per
 * email sent, so the hourly count per address is a count of rows. Only an HMAC of the code is
 * stored (keyed with the `sender-code` secret and the row id); the newest open row of an account
 * is the one a code is checked against, with a bounded number of attempts.
 */
export const senderCodes = pgTable(
  'sender_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHmac: text('code_hmac').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('sender_codes_user_id_idx').on(t.userId, t.createdAt),
    index('sender_codes_email_idx').on(t.email, t.createdAt),
  ],
)

/**
 * Who has confirmed a sender code: a browser (the SHA-256 of the random token in its httpOnly
 * cookie, 30 days) or a session (the SHA-256 of its token id, for the token's lifetime). Never the
 * token itself.
 */
export const senderConfirmations = pgTable(
  'sender_confirmations',
  {
    keyHash: text('key_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('sender_confirmations_user_id_idx').on(t.userId),
    index('sender_confirmations_expires_at_idx').on(t.expiresAt),
    check('sender_confirmations_kind_check', sql`${t.kind} in ('browser', 'session')`),
  ],
)
