import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** One row per periodic job: the instance that may run it until expires_at. */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})
