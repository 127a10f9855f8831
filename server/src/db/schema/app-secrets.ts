import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Secrets generated once and shared by every instance (signing keys and the like). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
