import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { organizationBackgrounds } from './branding.js'
import { organizations } from './organizations.js'
import { users } from './users.js'

/**
 * Stored transfers (spec/transfers.md §3 Transfer, §4 Stored transfer). `unique_id` is the share id in
 * links: 192 random bits, base64url. Status is derived: deleted when `deleted_at` is set,
 * expired once `expires_at` passed. The files' bytes stay until `purge_after` (expiry, plus the
 * recovery grace when the plan allows recovery) or deletion; `files_deleted_at` records that the
 * sweeper (or the delete) removed them.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uniqueId: text('unique_id').notNull().unique(),
    /** The sender; null once the account is deleted (the files then expire as planned). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The organization that owns the transfer once its sender was removed from it (issue 22): the
     * sender's user_id is cleared then, so the transfer leaves their list and every ownership check,
     * while recipients keep their links until it expires.
     */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    title: text('title').notNull().default(''),
    message: text('message').notNull().default(''),
    totalSize: bigint('total_size', { mode: 'number' }).notNull(),
    downloadCount: integer('download_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    purgeAfter: timestamp('purge_after', { withTimezone: true }).notNull(),
    filesDeletedAt: timestamp('files_deleted_at', { withTimezone: true }),
    /** The last recovery payment applied (its checkout session), so a repeated confirmation is a no-op. */
    recoverySessionId: text('recovery_session_id'),
    recoveredAt: timestamp('recovered_at', { withTimezone: true }),
    /**
     * The password that guards the bytes (plan flag password_protection): an argon2id PHC string,
     * never the password; null when anyone with the link may download. Grants carry a fingerprint
     * of it, so changing or removing it revokes them (features/transfers/access/).
     */
    passwordHash: text('password_hash'),
    /**
     * Who may open the bytes besides the sender: 'link' (anyone with the link) or 'recipients'
     * (only a recipient who confirmed a code emailed to their address, issue 18 item 3).
     */
    access: text('access').notNull().default('link'),
    /** Recipients who have not downloaded get one reminder a day before expiry (issue 18 item 6); the sender may turn it off. */
    remindersEnabled: boolean('reminders_enabled').notNull().default(true),
    /** When the reminders went out (once), or null. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** When the sender was told it expired with a recipient who never downloaded (once), or null. */
    expiryNoticeSentAt: timestamp('expiry_notice_sent_at', { withTimezone: true }),
    /** Completed downloads after which recipients get 410 download_limit_reached (1 to 100), or null for no limit. */
    maxDownloads: integer('max_downloads'),
    /** Whether the bytes go once every recipient has completed a download of every file (issue 18 item 2). */
    burnAfterDownload: boolean('burn_after_download').notNull().default(false),
    /** Whether the recipients' emails carry the transfer's SFTP login (plan flag sftp_download; issue 20 item 1). */
    sftpInEmail: boolean('sftp_in_email').notNull().default(false),
    /**
     * When the download limit was reached or every recipient had downloaded a burning transfer: from
     * then on every byte path answers 410 download_limit_reached and the files are purged.
     */
    spentAt: timestamp('spent_at', { withTimezone: true }),
    /** When the `transfer.expired` webhook event was written to the outbox (once), or null (issue 20 item 5). */
    expiredEventAt: timestamp('expired_event_at', { withTimezone: true }),
    /**
     * A clean data room (issue 19 item 3): recipients view watermarked page images, never the
     * bytes; always with access 'recipients'. `data_room_pdf_download`: they may also download a
     * PDF stamped with their id.
     */
    cleanDataRoom: boolean('clean_data_room').notNull().default(false),
    dataRoomPdfDownload: boolean('data_room_pdf_download').notNull().default(false),
    /**
     * The background the sender chose for recipients (plan flag custom_background, issue 22 item 3),
     * one of their organization's; null rotates among them. Deleting the background clears it, so
     * the transfer goes back to the rotation.
     */
    backgroundId: uuid('background_id').references(() => organizationBackgrounds.id, { onDelete: 'set null' }),
    /**
     * Virus scanning (issue 24 item 7, docs/decisions/0039), only when CLAMAV_URL is set:
     * 'scanning' while a file waits for clamd (recipients see nothing, no recipient email yet),
     * 'frozen' once one is infected (only an admin may release or delete it); null when the
     * transfer may be downloaded.
     */
    scanHold: text('scan_hold'),
    /** The recipients' first email waits for the scan: sent when the hold is lifted, then false. */
    scanNotifyPending: boolean('scan_notify_pending').notNull().default(false),
  },
  (t) => [
    // Keyset pages of a user's list and of the admin list (security review L-10): (created_at, id) order.
    index('transfers_user_id_created_at_idx').on(t.userId, t.createdAt, t.id),
    index('transfers_organization_id_created_at_idx')
      .on(t.organizationId, t.createdAt, t.id)
      .where(sql`${t.organizationId} is not null`),
    index('transfers_created_at_id_idx').on(t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index('transfers_purge_idx').on(t.purgeAfter).where(sql`${t.filesDeletedAt} is null`),
    index('transfers_expired_event_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiredEventAt} is null and ${t.deletedAt} is null`),
    check('transfers_total_size_check', sql`${t.totalSize} >= 0`),
    check('transfers_access_check', sql`${t.access} in ('link', 'recipients')`),
    check('transfers_scan_hold_check', sql`${t.scanHold} in ('scanning', 'frozen')`),
    check('transfers_max_downloads_check', sql`${t.maxDownloads} between 1 and 100`),
    check('transfers_data_room_access_check', sql`not ${t.cleanDataRoom} or ${t.access} = 'recipients'`),
  ],
)

/** The files of a transfer, in the order sent. A key belongs to one transfer only. */
export const transferFiles = pgTable(
  'transfer_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    position: integer('position').notNull(),
    /** The type read from the file's first bytes by the derivatives job (null until then, or unknown). */
    mediaType: text('media_type'),
    /** Blob keys of the derivatives beside the file (a small thumbnail, a screen-size image); null when none. */
    thumbnailKey: text('thumbnail_key'),
    previewKey: text('preview_key'),
    /**
     * What `preview_key` holds: `image/webp` (a screen-size rendition of an image or a video's
     * poster frame) or `application/pdf` (an office document converted by LibreOffice).
     */
    previewType: text('preview_type'),
    /**
     * The data room's clean page rasters (issue 19 item 3), made once by the data-room-pages job:
     * null before it was asked for, then 'pending', 'ready' or 'unsupported'. `room_pages` pages
     * are stored as `${file_key}.room.{n}.webp`; the first page's size in pixels.
     */
    roomStatus: text('room_status'),
    roomPages: integer('room_pages'),
    roomPageWidth: integer('room_page_width'),
    roomPageHeight: integer('room_page_height'),
    /** Where the file's PDF form is (the original for a PDF, LibreOffice's for office documents); null for images. */
    roomPdfKey: text('room_pdf_key'),
    /**
     * The stored bytes' SHA-256 (lowercase hex) and CRC-32, computed once by the file-digest job
     * right after the file is stored (issue 24); null until then. The ZIP writer uses the CRC to
     * know the archive before its first byte (Range, resume); the share page shows the SHA-256.
     */
    sha256: text('sha256'),
    crc32: bigint('crc32', { mode: 'number' }),
    /**
     * What clamd said (docs/decisions/0039): 'pending', 'clean', 'infected' (with the signature's
     * name), or 'not_scanned' when the file is past clamd's StreamMaxLength; null when no scanner
     * is configured.
     */
    scanStatus: text('scan_status'),
    scanSignature: text('scan_signature'),
  },
  (t) => [
    index('transfer_files_transfer_id_idx').on(t.transferId, t.position),
    check('transfer_files_scan_status_check', sql`${t.scanStatus} in ('pending', 'clean', 'infected', 'not_scanned')`),
    check('transfer_files_room_status_check', sql`${t.roomStatus} in ('pending', 'ready', 'unsupported')`),
  ],
)

/** Who a transfer was sent to, each with a personal tracking id (the `t` of their link). */
export const transferRecipients = pgTable(
  'transfer_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    trackingId: text('tracking_id').notNull().unique(),
    position: integer('position').notNull(),
    firstAccessedAt: timestamp('first_accessed_at', { withTimezone: true }),
    /** When the sender revoked this recipient's view of the data room; null while they may view. */
    roomRevokedAt: timestamp('room_revoked_at', { withTimezone: true }),
  },
  (t) => [unique('transfer_recipients_transfer_email_key').on(t.transferId, t.email)],
)

/**
 * A download of a limited transfer in flight: it holds one of the transfer's `max_downloads` from
 * before its first byte until it completes (then it counts) or is cut off (then it is released).
 * `held_until` is a lease the streaming instance renews, so a crashed instance's slot frees itself
 * (docs/decisions/0017).
 */
export const downloadSlots = pgTable(
  'download_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
  },
  (t) => [index('download_slots_transfer_id_idx').on(t.transferId)],
)

/** A recipient's completed download of a file (the tracking list's download_status). */
export const fileDownloads = pgTable(
  'file_downloads',
  {
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => transferRecipients.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => transferFiles.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recipientId, t.fileId] })],
)

/**
 * The 6-digit codes a recipient of a transfer open only to its recipients asks for on the share
 * page (issue 18 item 3): one row per email sent. Only an HMAC of the code is stored (keyed with
 * the `recipient-code` secret and the row id); the recipient's newest open row is the one a code
 * is checked against. Removing the recipient removes their codes.
 */
export const recipientCodes = pgTable(
  'recipient_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => transferRecipients.id, { onDelete: 'cascade' }),
    codeHmac: text('code_hmac').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('recipient_codes_recipient_id_idx').on(t.recipientId, t.createdAt),
    index('recipient_codes_created_at_idx').on(t.createdAt),
  ],
)
