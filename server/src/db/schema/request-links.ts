import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.js'

/** Who an uploader must say they are on a request link. */
export type RequireSender = 'none' | 'name' | 'email'

/**
 * Upload-request links (spec/transfers.md §3 File request info). `id` is the capability in /upload/{id}:
 * 192 random bits, base64url. Status is derived (spec/transfers.md §4): completed when `completed_at` is set,
 * else expired once `expires_at` passed. The guardrails are null (or empty) for no limit.
 */
export const requestLinks = pgTable(
  'request_links',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Closed to uploads: a single-upload link got its upload, or the owner closed it. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The owner closed the link (completed_at is set too); cleared when they open it again. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** What the link is for, and a message for the person uploading (issue 17). */
    name: text('name'),
    message: text('message'),
    /** Closes after its first upload; otherwise the link stays open for everyone who has it. */
    singleUpload: boolean('single_upload').notNull().default(false),
    maxFiles: integer('max_files'),
    maxTotalBytes: bigint('max_total_bytes', { mode: 'number' }),
    /** Extensions ('.pdf') or MIME types and prefixes ('image/'); empty = any. */
    allowedTypes: text('allowed_types').array().notNull().default(sql`'{}'::text[]`),
    requireSender: text('require_sender').$type<RequireSender>().notNull().default('none'),
  },
  (t) => [
    index('request_links_user_id_created_at_idx').on(t.userId, t.createdAt, t.id),
    check('request_links_require_sender_check', sql`${t.requireSender} in ('none', 'name', 'email')`),
  ],
)

/**
 * One upload to a request link (spec/transfers.md §3 Received file group). Its files are kept until
 * `purge_after` (the requester's plan retention; null = kept); `files_deleted_at` records that
 * the sweeper removed them.
 */
export const receivedGroups = pgTable(
  'received_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: text('request_id')
      .notNull()
      .references(() => requestLinks.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    senderInfo: text('sender_info').notNull().default(''),
    senderName: text('sender_name'),
    senderEmail: text('sender_email'),
    purgeAfter: timestamp('purge_after', { withTimezone: true }),
    filesDeletedAt: timestamp('files_deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('received_groups_request_id_idx').on(t.requestId, t.createdAt),
    index('received_groups_purge_idx').on(t.purgeAfter).where(sql`${t.filesDeletedAt} is null`),
  ],
)

/** The files of a received group, in the order uploaded. A key belongs to one group only. */
export const receivedFiles = pgTable(
  'received_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => receivedGroups.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    position: integer('position').notNull(),
    /** As transfer_files: the bytes' SHA-256 and CRC-32 from the file-digest job, null until it ran. */
    sha256: text('sha256'),
    crc32: bigint('crc32', { mode: 'number' }),
    /** As transfer_files: the virus scan's verdict, null when no scanner is configured. */
    scanStatus: text('scan_status'),
    scanSignature: text('scan_signature'),
  },
  (t) => [
    index('received_files_group_id_idx').on(t.groupId, t.position),
    check('received_files_scan_status_check', sql`${t.scanStatus} in ('pending', 'clean', 'infected', 'not_scanned')`),
  ],
)
