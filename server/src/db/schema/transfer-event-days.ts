import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { transfers } from './transfers.js'
import { users } from './users.js'

/**
 * The daily roll-up of the event log's completed downloads (issue 21, decision 0031): what the
 * account panel reads for whole UTC days, so a year is a few thousand rows instead of a million
 * events. Each (owner, day, transfer) has one `transfer` row (all its completed downloads and
 * bytes), one `country` row per country and one `device` row per device class and browser family;
 * columns a row is not about hold ''. `transfer_id` is on every row so deleting a transfer takes
 * its roll-up with it, as it takes its events. Written only by the `roll-up-events` job.
 */
export const transferEventDays = pgTable(
  'transfer_event_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension').notNull(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    country: text('country').notNull().default(''),
    device: text('device').notNull().default(''),
    browser: text('browser').notNull().default(''),
    completed: integer('completed').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
  },
  (t) => [
    // The migration adds INCLUDE (completed, bytes): the panel reads the roll-up index-only.
    primaryKey({ columns: [t.userId, t.dimension, t.day, t.transferId, t.country, t.device, t.browser] }),
    index('transfer_event_days_transfer_idx').on(t.transferId),
    index('transfer_event_days_day_idx').on(t.day),
    check('transfer_event_days_dimension_check', sql`${t.dimension} in ('transfer', 'country', 'device')`),
  ],
)

/**
 * The recipients each owner's transfers reached on each UTC day (a page view, preview or download
 * by a known recipient), with the day that recipient was reached before (`previous_day`, null for
 * the first). Distinct counts cannot be summed over days; with the previous day they need not be:
 * the recipients reached in [a, b) are the rows of those days whose previous day is before a (each
 * recipient's first row in the period), counted without collecting the recipients.
 */
export const transferEventRecipientDays = pgTable(
  'transfer_event_recipient_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    recipientId: uuid('recipient_id').notNull(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    previousDay: date('previous_day', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.userId, t.recipientId] }),
    // The migration adds INCLUDE (previous_day): the panel counts a period index-only.
    index('transfer_event_recipient_days_user_idx').on(t.userId, t.day),
    index('transfer_event_recipient_days_recipient_idx').on(t.userId, t.recipientId, t.day),
    index('transfer_event_recipient_days_transfer_idx').on(t.transferId),
  ],
)

/**
 * How far the roll-up has got: every UTC day before `rolled_until` is in the tables above, and the
 * panel reads the event log itself from there on. One row; null until the first events are rolled.
 */
export const transferEventRollup = pgTable(
  'transfer_event_rollup',
  {
    id: boolean('id').primaryKey().default(true),
    rolledUntil: date('rolled_until', { mode: 'string' }),
  },
  (t) => [check('transfer_event_rollup_single_row', sql`${t.id}`)],
)
