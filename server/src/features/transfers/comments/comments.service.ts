import type {
  CommentAnchor,
  CommentCreateRequest,
  CommentThread,
  FileCommentsResponse,
  FileReview,
  ReviewVerdict,
} from '@ferry/contracts/api/comments'
import type { Deps } from '../../../deps.js'
import { AppError, RateLimitedError } from '../../../errors.js'
import { toCsv } from '../../../http/csv.js'
import type { JobQueue } from '../../../jobs/job-queue.js'
import type { WebhookEvents } from '../../webhooks/webhook-outbox.service.js'
import type { TransfersService, Viewer } from '../transfers.service.js'
import { commentsTopic } from './comment-topics.js'
import { commentDigestEmail } from './comments.emails.js'
import {
  type CommentRow,
  type CommentThreadRow,
  createCommentsRepository,
  type FileReviewRow,
} from './comments.repository.js'

export const commentDigestKind = 'comment-digest'
/** The sender gets at most one digest e-mail per this many milliseconds. */
export const digestWindowMs = 10 * 60_000
/** Comment writes (new threads, replies, resolves, verdicts) per client address and window. */
export const commentWritesPerIp = 60
export const commentWritesWindowMs = 10 * 60_000

type CommentsDeps = Pick<Deps, 'database' | 'clock' | 'events' | 'mailer' | 'logger' | 'rateLimiter' | 'config'>

/** Who is asking, as transfers.reviewer says, and the file they look at. */
type Reviewer = Awaited<ReturnType<TransfersService['reviewer']>>

/** The one who writes: the sender or a known recipient; a visitor only reads. */
interface Author {
  kind: 'sender' | 'recipient'
  name: string
  recipientId: string | null
  /** The key of their verdict on a file. */
  reviewer: string
}

const iso = (date: Date) => date.toISOString()

function authorOf(who: Reviewer): Author | null {
  if (who.isSender) return { kind: 'sender', name: who.senderName, recipientId: null, reviewer: 'sender' }
  if (who.recipient) {
    const { id, email } = who.recipient
    return { kind: 'recipient', name: email, recipientId: id, reviewer: `recipient:${id}` }
  }
  return null
}

function toThread(thread: CommentThreadRow, rows: readonly CommentRow[]): CommentThread {
  return {
    id: thread.id,
    file_id: thread.fileId,
    anchor: thread.anchor,
    resolved: thread.resolvedAt !== null,
    resolved_at: thread.resolvedAt ? iso(thread.resolvedAt) : null,
    created_at: iso(thread.createdAt),
    comments: rows.map((c) => ({
      id: c.id,
      author: { kind: c.authorKind, name: c.authorName },
      text: c.body,
      created_at: iso(c.createdAt),
    })),
  }
}

const toReview = (row: FileReviewRow): FileReview => ({
  reviewer: { kind: row.authorKind, name: row.authorName },
  verdict: row.verdict,
  decided_at: iso(row.decidedAt),
})

const anchorText = (anchor: CommentAnchor | null) => {
  if (!anchor) return ''
  if (anchor.kind === 'page') return `page ${anchor.page}`
  if (anchor.kind === 'time') return `time ${anchor.seconds}s`
  return `region x=${anchor.x} y=${anchor.y} w=${anchor.w} h=${anchor.h}`
}

/**
 * Review comments on a transfer's files (issue 19 item 2). Every call goes through
 * transfers.reviewer first: the transfer's access grant exactly as for previews and downloads,
 * then the sender's `document_comments`. Writes are limited per client address before that
 * (limiter before secrets), run in one transaction with the digest job they queue, and are
 * announced on the event bus after the commit so the other party's page reloads them.
 */
export function createCommentsService(
  deps: CommentsDeps,
  {
    transfers,
    jobQueue,
    webhookEvents,
  }: {
    transfers: Pick<TransfersService, 'reviewer' | 'commentsOwner'>
    jobQueue: Pick<JobQueue, 'enqueue'>
    /** The sender's `comment.created` webhook event, written with the comment (issue 20 item 5). */
    webhookEvents?: WebhookEvents
  },
) {
  const { clock, database } = deps
  const repo = createCommentsRepository(database.db)

  async function limitWrites(clientIp: string) {
    const result = await deps.rateLimiter.hit(`comments:ip:${clientIp}`, commentWritesPerIp, commentWritesWindowMs)
    if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds)
  }

  async function at(uniqueId: string, fileId: string, viewer: Viewer, grants: readonly string[], t?: string) {
    const who = await transfers.reviewer(uniqueId, viewer, grants, t)
    const file = who.files.find((f) => f.id === fileId)
    if (!file) throw new AppError('transfer_file_not_found', 404)
    return { who, file }
  }

  function requireAuthor(who: Reviewer): Author {
    const author = authorOf(who)
    if (!author) throw new AppError('comment_author_unknown', 403)
    return author
  }

  /** Tells every page showing the transfer (on any instance); a bus failure loses only liveness. */
  async function announce(transferId: string, fileId: string) {
    await deps.events.publish(commentsTopic(transferId).name, { file_id: fileId }).catch((error: unknown) => {
      deps.logger.warn({ err: error, transferId }, 'Could not announce a comment change')
    })
  }

  async function loadThread(threadId: string, fileId: string) {
    const found = await repo.thread(threadId, fileId)
    if (!found) throw new AppError('comment_thread_not_found', 404)
    return toThread(found.thread, found.comments)
  }

  return {
    async list(
      uniqueId: string,
      fileId: string,
      viewer: Viewer,
      grants: readonly string[],
      t?: string,
    ): Promise<FileCommentsResponse> {
      const { who, file } = await at(uniqueId, fileId, viewer, grants, t)
      const [threads, reviews] = await Promise.all([repo.threadsOf(file.id), repo.reviewsOf(file.id)])
      const author = authorOf(who)
      return {
        threads: threads.map(({ thread, comments }) => toThread(thread, comments)),
        reviews: reviews.map(toReview),
        viewer: { kind: author?.kind ?? 'visitor', name: author?.name ?? null, can_write: author !== null },
      }
    },

    /** A new thread, or a reply to one of the file's threads (a reply reopens nothing: resolving is explicit). */
    async create(
      uniqueId: string,
      fileId: string,
      input: CommentCreateRequest,
      viewer: Viewer,
      grants: readonly string[],
      clientIp: string,
      t?: string,
    ): Promise<CommentThread> {
      await limitWrites(clientIp)
      const { who, file } = await at(uniqueId, fileId, viewer, grants, t)
      const author = requireAuthor(who)
      const now = clock.now()
      const text = input.text.trim()
      const threadId = await database.db.transaction(async (tx) => {
        const txRepo = createCommentsRepository(tx)
        let id = input.thread_id
        if (id) {
          if (!(await txRepo.thread(id, file.id))) throw new AppError('comment_thread_not_found', 404)
        } else {
          id = (
            await txRepo.insertThread({
              transferId: who.transfer.id,
              fileId: file.id,
              anchor: input.anchor ?? null,
              createdAt: now,
            })
          ).id
        }
        await txRepo.insertComment(id, who.transfer.id, {
          authorKind: author.kind,
          recipientId: author.recipientId,
          authorName: author.name,
          body: text,
          createdAt: now,
          notifiedAt: author.kind === 'sender' ? now : null,
        })
        await webhookEvents?.emit(tx, who.transfer.userId, 'comment.created', {
          transfer_id: who.transfer.id,
          file_id: file.id,
          thread_id: id,
          author: { kind: author.kind, name: author.name },
          text,
          created_at: now.toISOString(),
        })
        // One digest per sender per window: the window's job is keyed by it and runs at its end.
        if (author.kind === 'recipient' && who.transfer.userId) {
          const window = Math.floor(now.getTime() / digestWindowMs)
          await jobQueue.enqueue(
            commentDigestKind,
            { userId: who.transfer.userId },
            {
              executor: tx,
              dedupeKey: `${commentDigestKind}:${who.transfer.userId}:${window}`,
              runAt: new Date((window + 1) * digestWindowMs),
            },
          )
        }
        return id
      })
      await announce(who.transfer.id, file.id)
      return loadThread(threadId, file.id)
    },

    async setResolved(
      uniqueId: string,
      fileId: string,
      threadId: string,
      resolved: boolean,
      viewer: Viewer,
      grants: readonly string[],
      clientIp: string,
      t?: string,
    ): Promise<CommentThread> {
      await limitWrites(clientIp)
      const { who, file } = await at(uniqueId, fileId, viewer, grants, t)
      requireAuthor(who)
      await loadThread(threadId, file.id)
      await repo.setResolved(threadId, resolved ? clock.now() : null)
      await announce(who.transfer.id, file.id)
      return loadThread(threadId, file.id)
    },

    async review(
      uniqueId: string,
      fileId: string,
      verdict: ReviewVerdict,
      viewer: Viewer,
      grants: readonly string[],
      clientIp: string,
      t?: string,
    ): Promise<FileReview> {
      await limitWrites(clientIp)
      const { who, file } = await at(uniqueId, fileId, viewer, grants, t)
      const author = requireAuthor(who)
      const saved = await repo.upsertReview({
        fileId: file.id,
        reviewer: author.reviewer,
        transferId: who.transfer.id,
        authorKind: author.kind,
        authorName: author.name,
        verdict,
        decidedAt: clock.now(),
      })
      await announce(who.transfer.id, file.id)
      return toReview(saved)
    },

    /** The transfer a comments socket may follow: the same checks as reading its comments. */
    async follow(uniqueId: string, viewer: Viewer, grants: readonly string[], t?: string): Promise<string> {
      return (await transfers.reviewer(uniqueId, viewer, grants, t)).transfer.id
    },

    /** The owner's CSV of every comment and verdict of a transfer, and a file name for it. */
    async exportCsv(viewer: Viewer, transferId: string): Promise<{ fileName: string; csv: string }> {
      const found = await transfers.commentsOwner(viewer, transferId)
      const [rows, reviews] = await Promise.all([
        repo.exportRows(found.transfer.id),
        repo.exportReviews(found.transfer.id),
      ])
      const csv = toCsv(
        ['file', 'kind', 'thread', 'anchor', 'thread_status', 'author_role', 'author', 'created_at_utc', 'text'],
        [
          ...rows.map((r) => [
            r.fileName,
            'comment',
            r.threadId,
            anchorText(r.anchor),
            r.resolvedAt ? 'resolved' : 'open',
            r.authorKind,
            r.authorName,
            iso(r.createdAt),
            r.body,
          ]),
          ...reviews.map((r) => [
            r.fileName,
            'verdict',
            null,
            null,
            null,
            r.authorKind,
            r.authorName,
            iso(r.decidedAt),
            r.verdict,
          ]),
        ],
      )
      return { fileName: `comments-${found.transfer.uniqueId.slice(0, 8)}.csv`, csv }
    },

    /**
     * The digest job: every comment of the sender's transfers no digest carried yet, in one e-mail,
     * then marked. Run twice (a stalled instance), the second run finds nothing left.
     */
    async sendDigest(userId: string): Promise<number> {
      const items = await repo.pendingDigest(userId)
      if (items.length === 0) return 0
      const sender = await repo.senderContact(userId)
      if (sender) {
        const { publicUrl } = deps.config
        await deps.mailer.send(
          commentDigestEmail(
            {
              to: sender.email,
              items,
              transferLink: (id) => `${publicUrl}/transfers/${id}`,
              allLink: `${publicUrl}/transfers`,
            },
            sender.language,
          ),
        )
      }
      await repo.markNotified(
        items.map((i) => i.id),
        clock.now(),
      )
      return items.length
    },
  }
}

export type CommentsService = ReturnType<typeof createCommentsService>
