import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.js'

export const accountTokenPurposes = ['password_reset', 'email_change'] as const
export type AccountTokenPurpose = (typeof accountTokenPurposes)[number]

/**
 * Emailed one-time links of account self-service (product.md §23): a password reset, or the
 * confirmation of a new email address (`new_email`). Only the SHA-256 of the token is stored; a
 * row is deleted when it is used, so a link works once. Deleted with the account.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<AccountTokenPurpose>().notNull(),
    /** The address an email change moves to (normalised); null for a password reset. */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('account_tokens_purpose_check', sql`${t.purpose} in ('password_reset', 'email_change')`),
    index('account_tokens_user_id_idx').on(t.userId, t.purpose),
    index('account_tokens_expires_at_idx').on(t.expiresAt),
  ],
)
