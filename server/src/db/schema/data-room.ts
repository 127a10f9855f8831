import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { transferFiles, transferRecipients, transfers } from './transfers.js'

/** What a log row records: a page image sent, a watermarked PDF sent, or how long a page was on screen. */
export type DataRoomAction = 'page' | 'pdf' | 'seen'

/**
 * A view of one file by one recipient (issue 19 item 3): its id is short (8 base32 characters)
 * because it is burned into every page image, so a photo of a page names the view.
 */
export const dataRoomViews = pgTable(
  'data_room_views',
  {
    id: text('id').primaryKey(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => transferFiles.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => transferRecipients.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('data_room_views_transfer_idx').on(t.transferId)],
)

/**
 * The data room's audit log: append-only. The application only inserts (a database trigger
 * refuses UPDATE); a page's time on screen is a row of its own (`seen`), joined to the page row
 * it follows when read (docs/decisions/0024). Who, which file and view are copied in (no foreign
 * keys but the transfer's), so an entry outlives a removed recipient or file; it goes only with
 * the transfer row itself.
 */
export const dataRoomLog = pgTable(
  'data_room_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    action: text('action').$type<DataRoomAction>().notNull(),
    recipientId: uuid('recipient_id').notNull(),
    email: text('email').notNull(),
    fileId: uuid('file_id').notNull(),
    fileName: text('file_name').notNull(),
    page: integer('page'),
    viewId: text('view_id'),
    durationMs: integer('duration_ms'),
  },
  (t) => [
    index('data_room_log_transfer_idx').on(t.transferId, t.id),
    index('data_room_log_view_idx').on(t.viewId, t.page, t.id),
    check('data_room_log_action_check', sql`${t.action} in ('page', 'pdf', 'seen')`),
  ],
)
