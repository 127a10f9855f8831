import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { transferFiles, transferRecipients, transfers } from './transfers.js'

/** Where a thread points in its file (contracts/src/api/comments.ts `commentAnchor`). */
export type StoredCommentAnchor =
  | { kind: 'page'; page: number }
  | { kind: 'region'; x: number; y: number; w: number; h: number }
  | { kind: 'time'; seconds: number }

/** Who wrote a comment or gave a verdict: the transfer's sender, or one recipient. */
export type CommentAuthorKind = 'sender' | 'recipient'

/**
 * A review thread on one file of a transfer (issue 19 item 2), optionally anchored. Resolving it
 * sets `resolved_at`; reopening clears it. Gone with its file or transfer.
 */
export const commentThreads = pgTable(
  'comment_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => transferFiles.id, { onDelete: 'cascade' }),
    anchor: jsonb('anchor').$type<StoredCommentAnchor>(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('comment_threads_file_idx').on(t.fileId, t.createdAt)],
)

/**
 * One comment of a thread, as plain text. The author's name is kept as it was (the sender's name,
 * a recipient's address), so the export and the thread still read right after a recipient is
 * removed. `notified_at`: when the sender's digest e-mail carried it (set at once for the
 * sender's own comments, which are never e-mailed to them).
 */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => commentThreads.id, { onDelete: 'cascade' }),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    authorKind: text('author_kind').$type<CommentAuthorKind>().notNull(),
    recipientId: uuid('recipient_id').references(() => transferRecipients.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    check('comments_author_kind_check', sql`${t.authorKind} in ('sender', 'recipient')`),
    index('comments_thread_idx').on(t.threadId, t.createdAt),
    index('comments_transfer_idx').on(t.transferId, t.createdAt),
    index('comments_unnotified_idx').on(t.transferId).where(sql`${t.notifiedAt} is null`),
  ],
)

/**
 * Each reviewer's verdict on a file: one row per (file, reviewer), the latest replacing the last.
 * `reviewer` is `sender` or `recipient:<recipient id>`.
 */
export const fileReviews = pgTable(
  'file_reviews',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => transferFiles.id, { onDelete: 'cascade' }),
    reviewer: text('reviewer').notNull(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    authorKind: text('author_kind').$type<CommentAuthorKind>().notNull(),
    authorName: text('author_name').notNull(),
    verdict: text('verdict').$type<'approved' | 'changes_requested'>().notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fileId, t.reviewer] }),
    check('file_reviews_verdict_check', sql`${t.verdict} in ('approved', 'changes_requested')`),
    index('file_reviews_transfer_idx').on(t.transferId),
  ],
)
