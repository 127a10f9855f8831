import { z } from 'zod'
import { plainText } from '../domain/text.js'
import { shareIdParams, shareQuery } from './transfers.js'

/** Review comments on a transfer's files (issue 19 item 2, plan flag `document_comments`). */

/** Longest comment, in characters: a review note, not a document. */
export const commentMaxLength = 4000
/** Longest PDF a page anchor may point into (a sanity bound, not a rule about PDFs). */
export const commentMaxPage = 100_000
/** Longest media time an anchor may point at, in seconds (a week). */
export const commentMaxSeconds = 7 * 24 * 3600

const unit = z.number().min(0).max(1)

/**
 * Where a thread points in its file: a PDF page (from 1), an image region in coordinates
 * normalised to the image (0..1 from the top left, so they hold at any zoom or size), or a time
 * in a video or audio file (seconds).
 */
export const commentAnchor = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page'), page: z.number().int().min(1).max(commentMaxPage) }),
  z
    .object({ kind: z.literal('region'), x: unit, y: unit, w: unit, h: unit })
    .refine((r) => r.x + r.w <= 1.000001 && r.y + r.h <= 1.000001, 'The region lies outside the image.'),
  z.object({ kind: z.literal('time'), seconds: z.number().min(0).max(commentMaxSeconds) }),
])
export type CommentAnchor = z.infer<typeof commentAnchor>

export const commentText = plainText(
  z
    .string()
    .trim()
    .min(1, 'Write a comment first.')
    .max(commentMaxLength, `A comment has at most ${commentMaxLength} characters.`),
  'The comment',
  { multiline: true },
)

export const reviewVerdict = z.enum(['approved', 'changes_requested'])
export type ReviewVerdict = z.infer<typeof reviewVerdict>

/** Who wrote or decided: the transfer's sender, or one of its recipients (by email). */
export const commentAuthor = z.object({
  kind: z.enum(['sender', 'recipient']),
  name: z.string(),
})
export type CommentAuthor = z.infer<typeof commentAuthor>

export const commentSchema = z.object({
  id: z.uuid(),
  author: commentAuthor,
  /** Plain text, shown as text: never HTML. */
  text: z.string(),
  created_at: z.iso.datetime({ offset: true }),
})
export type Comment = z.infer<typeof commentSchema>

export const commentThreadSchema = z.object({
  id: z.uuid(),
  file_id: z.uuid(),
  anchor: commentAnchor.nullable(),
  resolved: z.boolean(),
  resolved_at: z.iso.datetime({ offset: true }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  /** The first comment opened the thread; the rest are replies, oldest first. */
  comments: z.array(commentSchema),
})
export type CommentThread = z.infer<typeof commentThreadSchema>

export const fileReviewSchema = z.object({
  reviewer: commentAuthor,
  verdict: reviewVerdict,
  decided_at: z.iso.datetime({ offset: true }),
})
export type FileReview = z.infer<typeof fileReviewSchema>

/** What the caller may do here: write (sender, or a recipient known by link or verification) or only read. */
export const commentViewerSchema = z.object({
  kind: z.enum(['sender', 'recipient', 'visitor']),
  name: z.string().nullable(),
  can_write: z.boolean(),
})

export const fileCommentsResponse = z.object({
  threads: z.array(commentThreadSchema),
  /** Each reviewer's latest verdict on the file. */
  reviews: z.array(fileReviewSchema),
  viewer: commentViewerSchema,
})
export type FileCommentsResponse = z.infer<typeof fileCommentsResponse>

export const fileCommentParams = shareIdParams.extend({ fileId: z.uuid() })
export const threadParams = fileCommentParams.extend({ threadId: z.uuid() })
/** `t`: the recipient's tracking id from their personal link, which names who writes. */
export const commentQuery = shareQuery

/** A new thread (with `anchor` or none), or with `thread_id` a reply to one. */
export const commentCreateRequest = z
  .object({
    text: commentText,
    anchor: commentAnchor.nullish(),
    thread_id: z.uuid().optional(),
  })
  .refine((b) => !(b.thread_id && b.anchor), 'A reply has no anchor of its own.')
export type CommentCreateRequest = z.input<typeof commentCreateRequest>

export const threadUpdateRequest = z.object({ resolved: z.boolean() })
export const fileReviewRequest = z.object({ verdict: reviewVerdict })

/**
 * What the comments socket sends: only which file changed, never content, so the page reads the
 * comments again through the access-checked GET (a grant revoked meanwhile shows nothing).
 */
export const commentsSocketEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('comments_changed'), file_id: z.uuid() }),
  z.object({ type: z.literal('pong') }),
])
export type CommentsSocketEvent = z.infer<typeof commentsSocketEvent>

/** The live comments of a transfer's share page (WebSocket; `t` as on the other comment routes). */
export const commentsSocketPath = '/api/share/:uniqueId/comments/ws'
