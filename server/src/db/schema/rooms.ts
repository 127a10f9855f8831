import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './users.js'

/** Direct-transfer rooms (spec/transfers.md §3 Room). A room refuses joins and closes its sockets at `expires_at`. */
export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The creator; null once the account is deleted (the room lives on until it expires). */
    hostUserId: uuid('host_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The host's participant id (equal to host_user_id while the account exists). */
    hostParticipantId: uuid('host_participant_id').notNull(),
    maxParticipants: integer('max_participants').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('rooms_max_participants_check', sql`${t.maxParticipants} >= 2`)],
)

/**
 * The participants of a room. `participant_id` is the user id for signed-in users and a random
 * id for a visitor (whose guest token carries it); `user_id` is null for visitors.
 */
export const roomParticipants = pgTable(
  'room_participants',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    displayName: text('display_name').notNull(),
    isHost: boolean('is_host').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.participantId] }), index('room_participants_user_id_idx').on(t.userId)],
)

export type DirectTransferStatusValue = 'initiated' | 'accepted' | 'completed' | 'rejected' | 'canceled' | 'error'

/**
 * Peer-to-peer transfers between two participants of a room (spec/transfers.md §3 Direct transfer). The bytes
 * never reach the server; this is the record of who sent what and how it ended. User ids are set
 * for signed-in parties (history is read by them).
 */
export const directTransfers = pgTable(
  'direct_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').notNull(),
    recipientId: uuid('recipient_id').notNull(),
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    recipientUserId: uuid('recipient_user_id').references(() => users.id, { onDelete: 'set null' }),
    senderName: text('sender_name').notNull(),
    recipientName: text('recipient_name').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    status: text('status').$type<DirectTransferStatusValue>().notNull().default('initiated'),
    /** MB/s, as the recipient measured it. */
    transferSpeed: doublePrecision('transfer_speed'),
    sha256: text('sha256'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('direct_transfers_sender_user_idx').on(t.senderUserId, t.createdAt),
    index('direct_transfers_recipient_user_idx').on(t.recipientUserId, t.createdAt),
    index('direct_transfers_room_idx').on(t.roomId),
    check('direct_transfers_file_size_check', sql`${t.fileSize} >= 0`),
    check(
      'direct_transfers_status_check',
      sql`${t.status} in ('initiated', 'accepted', 'completed', 'rejected', 'canceled', 'error')`,
    ),
  ],
)
