import { sql } from 'drizzle-orm'
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.js'

/**
 * The open email confirmation of an account (spec/accounts.md §2): one row per account, replaced
 * on resend, deleted once used. Only hashes are stored: the link's token (SHA-256, looked up by
 * it) and the 6-digit code (HMAC keyed per row, checked with a bounded number of attempts).
 */
export const emailConfirmations = pgTable('email_confirmations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  codeHash: text('code_hash').notNull(),
  codeAttempts: integer('code_attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
})
