import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, smallint, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.js'

/**
 * The admin's "Require two-factor sign-in" (issue 23 item 2): one row for the whole service, in
 * the database so every instance enforces the same switch. `required_since` is set each time it
 * is switched on; an account's grace period runs from it (or from the account's creation, if later).
 */
export const twoFactorPolicy = pgTable(
  'two_factor_policy',
  {
    id: smallint('id').primaryKey().default(1),
    required: boolean('required').notNull().default(false),
    graceDays: integer('grace_days').notNull().default(14),
    requiredSince: timestamp('required_since', { withTimezone: true }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('two_factor_policy_one_row', sql`${t.id} = 1`)],
)
