import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.js'

/**
 * Signed-in sessions (decision 0028, amending 0015): one row per session token, found by the
 * SHA-256 of the token's random id (`jti`), never the id itself. A token is accepted only while
 * its row exists, so one session ends by deleting its row; the epoch still ends them all.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    /** Public id, for the owner's list and "sign out" of one session. */
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The account's session epoch when it began: a row of an ended epoch is not listed. */
    epoch: integer('epoch').notNull(),
    /** "Firefox on Linux", from the User-Agent, for the owner to recognise it. */
    label: text('label').notNull(),
    /** desktop, mobile, tablet, bot or unknown (the analytics user-agent parser). */
    device: text('device').notNull(),
    /** ISO 3166-1 alpha-2 of the address it signed in from, or `unknown` (offline database). */
    country: text('country').notNull().default('unknown'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved on at most every few minutes (sessions.ts `lastSeenStepMs`), not at every request. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
)
