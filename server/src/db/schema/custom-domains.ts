import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { organizations } from './organizations.js'

/**
 * An organization's custom host (issue 22 item 2). `host` is lowercase ASCII (IDNA), unique across
 * Ferry. The organization proves it by the TXT record `_ferry-challenge.<host>` = `ferry-verify=<token>`;
 * the periodic `custom-domain-checks` job looks it up when `next_check_at` comes (with back-off while
 * pending, every few hours once verified). Only a `verified` host is served.
 */
export const customDomains = pgTable(
  'custom_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    host: text('host').notNull().unique(),
    token: text('token').notNull(),
    status: text('status').notNull().default('pending'),
    /** Lookups in a row that did not find the record (the back-off's exponent). */
    misses: integer('misses').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('custom_domains_organization_idx').on(t.organizationId, t.createdAt),
    index('custom_domains_next_check_idx').on(t.nextCheckAt),
    check('custom_domains_status_check', sql`${t.status} in ('pending', 'verified', 'failed')`),
  ],
)
