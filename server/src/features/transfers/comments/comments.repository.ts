import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.js'
import {
  type CommentAuthorKind,
  comments,
  commentThreads,
  fileReviews,
  type StoredCommentAnchor,
  transferFiles,
  transfers,
  users,
} from '../../../db/schema/index.js'

export type CommentThreadRow = typeof commentThreads.$inferSelect
export type CommentRow = typeof comments.$inferSelect
export type FileReviewRow = typeof fileReviews.$inferSelect

export interface NewComment {
  authorKind: CommentAuthorKind
  recipientId: string | null
  authorName: string
  body: string
  createdAt: Date
  /** The sender's own comments are never in their digest: notified at once. */
  notifiedAt: Date | null
}

/** A comment waiting for the sender's digest, with what the e-mail names. */
export interface DigestItem {
  id: string
  transferId: string
  title: string
  uniqueId: string
  fileName: string
  authorName: string
  body: string
  createdAt: Date
}

/** Review comments: threads, their comments and the verdicts per file (queries only). */
export function createCommentsRepository(db: DbExecutor) {
  return {
    async threadsOf(fileId: string): Promise<{ thread: CommentThreadRow; comments: CommentRow[] }[]> {
      const threads = await db
        .select()
        .from(commentThreads)
        .where(eq(commentThreads.fileId, fileId))
        .orderBy(asc(commentThreads.createdAt), asc(commentThreads.id))
      if (threads.length === 0) return []
      const rows = await db
        .select()
        .from(comments)
        .where(
          inArray(
            comments.threadId,
            threads.map((t) => t.id),
          ),
        )
        .orderBy(asc(comments.createdAt), asc(comments.id))
      return threads.map((thread) => ({ thread, comments: rows.filter((c) => c.threadId === thread.id) }))
    },

    async thread(threadId: string, fileId: string) {
      const [thread] = await db
        .select()
        .from(commentThreads)
        .where(and(eq(commentThreads.id, threadId), eq(commentThreads.fileId, fileId)))
      if (!thread) return undefined
      const rows = await db
        .select()
        .from(comments)
        .where(eq(comments.threadId, threadId))
        .orderBy(asc(comments.createdAt), asc(comments.id))
      return { thread, comments: rows }
    },

    async insertThread(values: {
      transferId: string
      fileId: string
      anchor: StoredCommentAnchor | null
      createdAt: Date
    }): Promise<CommentThreadRow> {
      const [row] = await db.insert(commentThreads).values(values).returning()
      return row!
    },

    async insertComment(threadId: string, transferId: string, comment: NewComment): Promise<CommentRow> {
      const [row] = await db
        .insert(comments)
        .values({ threadId, transferId, ...comment })
        .returning()
      return row!
    },

    async setResolved(threadId: string, resolvedAt: Date | null): Promise<void> {
      await db.update(commentThreads).set({ resolvedAt }).where(eq(commentThreads.id, threadId))
    },

    reviewsOf(fileId: string): Promise<FileReviewRow[]> {
      return db
        .select()
        .from(fileReviews)
        .where(eq(fileReviews.fileId, fileId))
        .orderBy(asc(fileReviews.decidedAt), asc(fileReviews.reviewer))
    },

    /** The reviewer's verdict, replacing their last one. */
    async upsertReview(row: FileReviewRow): Promise<FileReviewRow> {
      const [saved] = await db
        .insert(fileReviews)
        .values(row)
        .onConflictDoUpdate({
          target: [fileReviews.fileId, fileReviews.reviewer],
          set: { verdict: row.verdict, decidedAt: row.decidedAt, authorName: row.authorName },
        })
        .returning()
      return saved!
    },

    /** Every comment of a transfer with its thread and file, for the export: by file, thread, time. */
    exportRows(transferId: string) {
      return db
        .select({
          fileName: transferFiles.fileName,
          position: transferFiles.position,
          threadId: commentThreads.id,
          anchor: commentThreads.anchor,
          resolvedAt: commentThreads.resolvedAt,
          commentId: comments.id,
          authorKind: comments.authorKind,
          authorName: comments.authorName,
          body: comments.body,
          createdAt: comments.createdAt,
        })
        .from(comments)
        .innerJoin(commentThreads, eq(commentThreads.id, comments.threadId))
        .innerJoin(transferFiles, eq(transferFiles.id, commentThreads.fileId))
        .where(eq(comments.transferId, transferId))
        .orderBy(asc(transferFiles.position), asc(commentThreads.createdAt), asc(comments.createdAt), asc(comments.id))
    },

    exportReviews(transferId: string) {
      return db
        .select({
          fileName: transferFiles.fileName,
          position: transferFiles.position,
          authorKind: fileReviews.authorKind,
          authorName: fileReviews.authorName,
          verdict: fileReviews.verdict,
          decidedAt: fileReviews.decidedAt,
        })
        .from(fileReviews)
        .innerJoin(transferFiles, eq(transferFiles.id, fileReviews.fileId))
        .where(eq(fileReviews.transferId, transferId))
        .orderBy(asc(transferFiles.position), asc(fileReviews.decidedAt))
    },

    /** Comments of the sender's live transfers no digest carried yet, oldest first. */
    pendingDigest(userId: string): Promise<DigestItem[]> {
      return db
        .select({
          id: comments.id,
          transferId: transfers.id,
          title: transfers.title,
          uniqueId: transfers.uniqueId,
          fileName: transferFiles.fileName,
          authorName: comments.authorName,
          body: comments.body,
          createdAt: comments.createdAt,
        })
        .from(comments)
        .innerJoin(transfers, eq(transfers.id, comments.transferId))
        .innerJoin(commentThreads, eq(commentThreads.id, comments.threadId))
        .innerJoin(transferFiles, eq(transferFiles.id, commentThreads.fileId))
        .where(and(eq(transfers.userId, userId), isNull(comments.notifiedAt), isNull(transfers.deletedAt)))
        .orderBy(asc(comments.createdAt), asc(comments.id))
        .limit(500)
    },

    async markNotified(ids: readonly string[], at: Date): Promise<void> {
      if (ids.length === 0) return
      await db
        .update(comments)
        .set({ notifiedAt: at })
        .where(and(inArray(comments.id, [...ids]), isNull(comments.notifiedAt)))
    },

    async senderContact(userId: string) {
      const [row] = await db
        .select({ email: users.email, name: users.name, language: users.language })
        .from(users)
        .where(eq(users.id, userId))
      return row
    },
  }
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>
