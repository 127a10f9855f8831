import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { transfers } from './transfers.js'
import { users } from './users.js'

/**
 * The event log of what happened to a transfer (issue 21; ARCHITECTURE's shared "event log"),
 * appended by the server only, never by client beacons, and read by analytics. `user_id` is the
 * transfer's owner, kept on the row so the account's panel reads one index.
 *
 * No full client address is ever stored: `address_prefix` is the /24 (IPv4) or /48 (IPv6) and
 * `address_hash` a keyed hash (HMAC) of the full address; both are cleared after 30 days by the
 * `forget-event-addresses` job. `download_key` ties the ranges and resumes of one download together
 * (a keyed hash of transfer, file, address and user agent, meaningless outside that one file).
 * `file_id` is null for the ZIP and for events of the transfer as a whole; it has no foreign key,
 * so a removed file's history stays.
 */
export const transferEvents = pgTable(
  'transfer_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    protocol: text('protocol'),
    fileId: uuid('file_id'),
    recipientId: uuid('recipient_id'),
    bytes: bigint('bytes', { mode: 'number' }),
    durationMs: integer('duration_ms'),
    device: text('device').notNull().default('unknown'),
    browser: text('browser').notNull().default('unknown'),
    country: text('country').notNull().default('unknown'),
    addressPrefix: text('address_prefix'),
    addressHash: text('address_hash'),
    downloadKey: text('download_key'),
  },
  (t) => [
    index('transfer_events_transfer_idx').on(t.transferId, t.occurredAt, t.id),
    // The migration adds INCLUDE (kind, recipient_id, bytes), and to the completed-downloads index
    // INCLUDE (transfer_id, bytes, country, device, browser): the panel reads them index-only
    // (drizzle-kit does not write INCLUDE; bench/analytics.ts measures the difference).
    index('transfer_events_user_idx').on(t.userId, t.occurredAt, t.id),
    index('transfer_events_completed_idx').on(t.userId, t.occurredAt).where(sql`${t.kind} = 'download_completed'`),
    index('transfer_events_download_key_idx').on(t.transferId, t.downloadKey).where(sql`${t.downloadKey} is not null`),
    // The roll-up job reads the log a day range at a time, across owners: a BRIN index of the
    // append-ordered times is a few pages where a btree would be as large as the others.
    index('transfer_events_occurred_brin_idx').using('brin', t.occurredAt),
    index('transfer_events_address_idx')
      .on(t.occurredAt)
      .where(sql`${t.addressHash} is not null or ${t.addressPrefix} is not null`),
    check(
      'transfer_events_kind_check',
      sql`${t.kind} in ('page_view', 'preview', 'download_started', 'download_completed', 'download_aborted', 'wrong_password', 'verification_sent', 'comment')`,
    ),
    check(
      'transfer_events_protocol_check',
      sql`${t.protocol} is null or ${t.protocol} in ('http', 'zip', 'sftp', 'api')`,
    ),
  ],
)
