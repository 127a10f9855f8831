import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { organizations } from './organizations.js'

/**
 * An organization's stylesheet (issue 22 item 4): what its admin wrote (`source`, given back for
 * editing) and what is served (`compiled`: css-tree's serialization of the checked stylesheet),
 * addressed by `hash` so the file can be cached for good.
 */
export const organizationStylesheets = pgTable('organization_stylesheets', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  source: text('source').notNull(),
  compiled: text('compiled').notNull(),
  hash: text('hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
})

/**
 * An organization's backgrounds (issue 22 item 3): at most ten, each kept in the blob store as
 * AVIF and WebP at `widths` (`brand/<organization>/<id>/<width>.<avif|webp>`).
 */
export const organizationBackgrounds = pgTable(
  'organization_backgrounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    alt: text('alt').notNull(),
    widths: integer('widths').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('organization_backgrounds_org_idx').on(t.organizationId, t.createdAt)],
)
