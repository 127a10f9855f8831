import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Tokens signed out before their expiry, by `jti`. A row is only needed until the token would
 * have expired anyway, so a sweep may drop rows whose `expires_at` has passed.
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: uuid('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('revoked_tokens_expires_at_idx').on(t.expiresAt)],
)
