import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.js'

/** Where an upload stands: keys start pending, multipart ones become uploaded on completion. */
export type PendingUploadStatus = 'pending' | 'uploaded' | 'claimed'

/**
 * Keys handed out for uploads, until a transfer (or a request-link upload) claims them. Rows
 * never claimed are swept with their bytes once `expires_at` passes. A claimed row records that
 * the key is spent (its signed URLs are refused); it is dropped after the same delay, together
 * with whatever a late PUT left at its key when the claim moved the object to `claimed_key`.
 */
export const pendingUploads = pgTable(
  'pending_uploads',
  {
    key: text('key').primaryKey(),
    /** The signed-in uploader; null for a visitor (and once the account is deleted). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The request link a visitor uploads to; only an upload to that link may claim the key. */
    requestId: text('request_id'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    declaredSize: bigint('declared_size', { mode: 'number' }),
    /** The most bytes the object may have: the declared size, else the plan limit; null = unlimited. */
    maxBytes: bigint('max_bytes', { mode: 'number' }),
    /** The store's multipart upload id; null for a single PUT. */
    uploadId: text('upload_id'),
    /** A multipart upload's part size: part n is signed for exactly its share of max_bytes. */
    partSize: bigint('part_size', { mode: 'number' }),
    status: text('status').$type<PendingUploadStatus>().notNull().default('pending'),
    /** Where the claimed object lives (a key no URL was signed for); null before the claim. */
    claimedKey: text('claimed_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('pending_uploads_status_check', sql`${t.status} in ('pending', 'uploaded', 'claimed')`),
    index('pending_uploads_expires_at_idx').on(t.expiresAt),
    index('pending_uploads_user_id_idx').on(t.userId),
    index('pending_uploads_request_id_idx').on(t.requestId),
  ],
)
