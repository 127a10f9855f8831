import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * First-party promotions (issue 22 item 5): campaigns admins manage. The image is kept in the
 * blob store as WebP (`image_key`, a new key per upload so caches never serve an old one) and
 * served from Ferry's own origin; `language` is 'en', 'es' or 'any'.
 */
export const promotionCampaigns = pgTable(
  'promotion_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkUrl: text('link_url').notNull(),
    alt: text('alt').notNull(),
    language: text('language').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    active: boolean('active').notNull().default(true),
    imageKey: text('image_key').notNull(),
    imageWidth: integer('image_width').notNull(),
    imageHeight: integer('image_height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check('promotion_campaigns_language_check', sql`${t.language} in ('en', 'es', 'any')`),
    check('promotion_campaigns_window_check', sql`${t.endsAt} > ${t.startsAt}`),
    index('promotion_campaigns_window_idx').on(t.active, t.startsAt, t.endsAt),
  ],
)

/**
 * Impressions and clicks per campaign per UTC day: one row each, incremented by upsert. Nothing
 * about who saw or clicked is kept (no cookies, no per-user rows, no addresses).
 */
export const promotionDailyStats = pgTable(
  'promotion_daily_stats',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => promotionCampaigns.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] })],
)
