import { z } from 'zod'
import { shareIdParams, shareQuery, transferIdParams } from './transfers.js'

/**
 * The clean data room (issue 19 item 3, plan flag `max_document_features.clean_data_room` of the
 * sender): recipients view pages rendered on the server with their email, the time and a view id
 * burned into the pixels; the original bytes never reach them.
 */

/** The most pages a file shows in the room; a longer document shows its first this many. */
export const dataRoomMaxPages = 500
/** Width, in pixels, of the clean rasters the pages are rendered at (height follows the page). */
export const dataRoomPagePx = 1600
/** The longest time one page may be reported as on screen (a day, in ms). */
export const dataRoomMaxDurationMs = 24 * 3600 * 1000

/** A view id: 8 characters of base32 (RFC 4648 alphabet), also burned into the page pixels. */
export const dataRoomViewIdPattern = /^[A-Z2-7]{8}$/
export const dataRoomViewId = z.string().regex(dataRoomViewIdPattern, 'A view id is 8 characters (A-Z, 2-7).')

export { type DataRoomStatus, dataRoomStatus } from './transfers.js'

export const dataRoomFileParams = shareIdParams.extend({ fileId: z.uuid() })
export const dataRoomViewParams = shareIdParams.extend({ viewId: dataRoomViewId })
export const dataRoomPageParams = dataRoomViewParams.extend({
  n: z.coerce
    .number({ error: 'The page is a whole number from 1.' })
    .int('The page is a whole number from 1.')
    .min(1, 'The page is a whole number from 1.')
    .max(dataRoomMaxPages, `A file shows at most ${dataRoomMaxPages} pages.`),
})
/** `t`: a recipient's tracking id from their personal link (the grant still decides). */
export const dataRoomQuery = shareQuery

/** POST …/room/files/{fileId}/views: a view started; the page images are its pages. */
export const dataRoomViewResponse = z.object({
  view_id: z.string(),
  pages: z.int().positive(),
  /** The first page's size in pixels (each page keeps its own proportions). */
  page_width: z.int().positive(),
  page_height: z.int().positive(),
})
export type DataRoomView = z.infer<typeof dataRoomViewResponse>

/** POST …/pages/{n}/seen: how long the page was on screen. */
export const dataRoomSeenRequest = z.object({
  duration_ms: z
    .int('duration_ms is a whole number of milliseconds.')
    .min(0, 'duration_ms cannot be negative.')
    .max(dataRoomMaxDurationMs, 'duration_ms is at most a day.'),
})
export type DataRoomSeenRequest = z.infer<typeof dataRoomSeenRequest>

export const dataRoomLogLimitDefault = 100
export const dataRoomLogLimitMax = 500

/**
 * GET /api/transfers/{id}/room/log: newest first. `before` is the `next_before` of the previous
 * page (an opaque cursor); `limit` entries per page (default 100, at most 500).
 */
export const dataRoomLogQuery = z.object({
  before: z
    .string()
    .regex(/^\d{1,18}$/, 'This cursor is not valid; start again without before.')
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, `limit is a whole number from 1 to ${dataRoomLogLimitMax}.`)
    .max(dataRoomLogLimitMax, `limit is a whole number from 1 to ${dataRoomLogLimitMax}.`)
    .default(dataRoomLogLimitDefault),
})

const isoDate = z.iso.datetime({ offset: true })

/** A recipient as the sender's room log shows them. */
export const dataRoomViewerSchema = z.object({
  recipient_id: z.uuid(),
  email: z.string(),
  revoked_at: isoDate.nullable(),
  last_seen_at: isoDate.nullable(),
  /** Page images this recipient was sent, in all. */
  pages_viewed: z.int().nonnegative(),
})
export type DataRoomViewer = z.infer<typeof dataRoomViewerSchema>

/** One entry of the append-only log: a page sent (`page`) or a watermarked PDF downloaded (`pdf`). */
export const dataRoomLogEntrySchema = z.object({
  at: isoDate,
  email: z.string(),
  recipient_id: z.uuid(),
  file_id: z.uuid(),
  file_name: z.string(),
  /** The page (from 1); null for a PDF. */
  page: z.int().positive().nullable(),
  view_id: z.string().nullable(),
  /** How long the page was on screen, as the viewer's browser reported it; null until reported. */
  duration_ms: z.int().nonnegative().nullable(),
  action: z.enum(['page', 'pdf']),
})
export type DataRoomLogEntry = z.infer<typeof dataRoomLogEntrySchema>

export const dataRoomLogResponse = z.object({
  viewers: z.array(dataRoomViewerSchema),
  entries: z.array(dataRoomLogEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: z.string().nullable(),
})
export type DataRoomLog = z.infer<typeof dataRoomLogResponse>

export const dataRoomViewerParams = transferIdParams.extend({ recipientId: z.uuid() })
