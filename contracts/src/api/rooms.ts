import { z } from 'zod'
import type { Language } from '../domain/languages.js'
import { plainText } from '../domain/text.js'
import { page } from './pagination.js'
import { uploadedFileRecord } from './transfers.js'

/**
 * Direct-transfer rooms (spec/transfers.md §3, §7). Everyone in a room is a participant with an id:
 * a signed-in user's participant id IS their user id; a visitor gets a random id and a
 * room-scoped guest token from join, sent back in the `X-Room-Guest` header (HTTP) or as
 * `?token=` (sockets). The HTTP routes are in contracts/src/routes/rooms.ts; the sockets, which
 * are no HTTP routes of the API document, are here.
 */
export const roomSocketPaths = {
  /** WebSocket: room events (room-events.ts). Auth: `?token=` (user JWT or guest token) or the auth cookie. */
  roomSocket: '/api/rooms/:roomId/ws',
  /** WebSocket: WebRTC signalling (signalling.ts); same auth as roomSocket. */
  signallingSocket: '/ws/webrtc/:roomId',
} as const

/** The header carrying a visitor's guest token on the room and transfer routes. */
export const roomGuestHeader = 'X-Room-Guest'

/** spec/transfers.md §5 / §9: room size and duration, with the browser's fallbacks. */
export const roomParticipants = { min: 2, max: 5, default: 5 } as const
export const roomDurationsHours = [1, 2, 4, 8, 24] as const
export const defaultRoomDurationHours = 2
/**
 * The title of a room created without one, in its creator's language (walk ES.2): every guest
 * sees it. The web's create form shows the same text (rooms.json `create.defaultTitle`).
 */
export const defaultRoomTitles: Record<Language, string> = {
  en: 'Direct Transfer Room',
  es: 'Sala de transferencia directa',
}
export const defaultRoomTitle = defaultRoomTitles.en
export const roomTitleMaxLength = 255
export const displayNameMaxLength = 100
export const fileNameMaxLength = 1024
export const mimeTypeMaxLength = 255

/** spec/transfers.md §5: a non-numeric or out-of-range participant count falls back to 5 (browser side). */
export function normalizeMaxParticipants(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
  return Number.isInteger(n) && n >= roomParticipants.min && n <= roomParticipants.max ? n : roomParticipants.default
}

/** spec/transfers.md §5: a duration that is not one of 1, 2, 4, 8, 24 falls back to 2 (browser side). */
export function normalizeRoomDuration(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
  return (roomDurationsHours as readonly number[]).includes(n) ? n : defaultRoomDurationHours
}

/** One line people read (titles, names, file names): no control or text-direction characters. */
const shownText = (what: string, max: number) =>
  plainText(z.string().trim().max(max, `${what} is too long.`), what, { shown: true })

const isoDate = z.iso.datetime({ offset: true })

/**
 * POST /api/rooms (logged in). The server refuses values the spec does not allow (400). Without a
 * title (or an empty one) the room takes `defaultRoomTitles` in the creator's account language.
 */
export const roomCreateRequest = z.object({
  title: shownText('The room title', roomTitleMaxLength)
    .optional()
    .transform((v) => v || undefined),
  max_participants: z.int().min(roomParticipants.min).max(roomParticipants.max).default(roomParticipants.default),
  expires_in_hours: z
    .int()
    .refine(
      (v) => (roomDurationsHours as readonly number[]).includes(v),
      'The room duration must be 1, 2, 4, 8 or 24 hours.',
    )
    .default(defaultRoomDurationHours),
})
export type RoomCreateRequest = z.input<typeof roomCreateRequest>
export type RoomCreateInput = z.output<typeof roomCreateRequest>

export const roomCreateResponse = z.object({ id: z.uuid() })
export type RoomCreateResponse = z.infer<typeof roomCreateResponse>

export const roomIdParams = z.object({ roomId: z.uuid('The room id is not valid.') })
export const directTransferIdParams = z.object({ id: z.uuid('The transfer id is not valid.') })

/** An RTCIceServer (product.md §9): STUN or TURN with credentials. */
export const iceServerSchema = z.object({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
})
export type IceServer = z.infer<typeof iceServerSchema>

export const directTransferStatuses = ['initiated', 'accepted', 'completed', 'rejected', 'canceled', 'error'] as const
export const directTransferStatusSchema = z.enum(directTransferStatuses)
export type DirectTransferStatus = z.infer<typeof directTransferStatusSchema>

/** POST /api/rooms/{id}/initiate-transfer (a participant, to another participant). */
export const initiateTransferRequest = z.object({
  recipient_id: z.uuid('The recipient is not valid.'),
  file_name: shownText('The file name', fileNameMaxLength).min(1, 'The file name is empty.'),
  file_size: z.int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  mime_type: shownText('The file type', mimeTypeMaxLength)
    .optional()
    .transform((v) => v || 'application/octet-stream'),
})
export type InitiateTransferRequest = z.input<typeof initiateTransferRequest>
export type InitiateTransferInput = z.output<typeof initiateTransferRequest>

/** spec/transfers.md §3 Room transfer (ids are participant ids), plus its room and status. */
export const roomTransferSchema = z.object({
  transfer_id: z.uuid(),
  room_id: z.uuid(),
  sender_id: z.uuid(),
  recipient_id: z.uuid(),
  sender_name: z.string(),
  recipient_name: z.string(),
  file_name: z.string(),
  file_size: z.int().nonnegative(),
  mime_type: z.string(),
  /** True while accepted and once completed. */
  accepted: z.boolean(),
  status: directTransferStatusSchema,
  created_at: isoDate,
})
export type RoomTransfer = z.infer<typeof roomTransferSchema>

/** spec/transfers.md §3 Room participant. `user_id` is the participant id (the user id for signed-in users). */
export const roomParticipantSchema = z.object({
  user_id: z.uuid(),
  user_name: z.string(),
  is_host: z.boolean(),
  /** A visitor who joined with a display name (no account). */
  is_guest: z.boolean(),
})
export type RoomParticipant = z.infer<typeof roomParticipantSchema>

/** GET /api/rooms/{id} for a participant: the whole room (spec/transfers.md §3 Room) and what the page needs. */
export const roomMemberViewSchema = z.object({
  is_participant: z.literal(true),
  id: z.uuid(),
  name: z.string(),
  max_participants: z.int(),
  created_at: isoDate,
  expires_at: isoDate,
  /** expires_at has passed: sockets are closed and joins refused. */
  expired: z.boolean(),
  /** The host's participant id. */
  host_id: z.uuid(),
  participants: z.array(roomParticipantSchema),
  /** My participant id. */
  me: z.uuid(),
  /** My plan allows Join Video Chat (visitors: the Guest plan). */
  supports_video_audio: z.boolean(),
  /** Pass to new RTCPeerConnection({ iceServers }). */
  ice_servers: z.array(iceServerSchema),
  /** My transfers in this room that are still initiated or accepted (requests missed while away). */
  transfers: z.array(roomTransferSchema),
})
export type RoomMemberView = z.infer<typeof roomMemberViewSchema>

/** GET /api/rooms/{id} for anyone else: enough to show a Join button, and why joining is refused. */
export const roomPublicViewSchema = z.object({
  is_participant: z.literal(false),
  id: z.uuid(),
  name: z.string(),
  host_name: z.string(),
  participant_count: z.int().nonnegative(),
  max_participants: z.int(),
  expires_at: isoDate,
  full: z.boolean(),
  expired: z.boolean(),
  /** Joining needs a display_name (the caller is not signed in). */
  needs_display_name: z.boolean(),
})
export type RoomPublicView = z.infer<typeof roomPublicViewSchema>

export const roomResponse = z.discriminatedUnion('is_participant', [roomMemberViewSchema, roomPublicViewSchema])
export type RoomResponse = z.infer<typeof roomResponse>

/** POST /api/rooms/{id}/join. Visitors must give display_name; signed-in users join as their account. */
export const roomJoinRequest = z
  .object({
    display_name: shownText('The display name', displayNameMaxLength).optional(),
  })
  .default({})
export type RoomJoinRequest = z.input<typeof roomJoinRequest>

export const roomJoinResponse = z.object({
  participant_id: z.uuid(),
  /** Visitors only: send as the `X-Room-Guest` header and as `?token=` on the sockets. Valid until the room ends. */
  guest_token: z.string().optional(),
  room: roomMemberViewSchema,
})
export type RoomJoinResponse = z.infer<typeof roomJoinResponse>

/** POST /api/transfers/{id}/respond (the recipient only). transfer_id, when given, must match the path. */
export const respondRequest = z.object({
  transfer_id: z.uuid().optional(),
  accept: z.boolean(),
})
export type RespondRequest = z.infer<typeof respondRequest>

const reasonText = shownText('The reason', 500)

/**
 * POST /api/transfers/{id}/status: completed only by the recipient, with the measured speed
 * (and the file hash it verified: SHA-256 over the SHA-256 digests of the file's 1 MiB blocks,
 * web/src/features/rooms/p2p/block-hash-list.ts); canceled or error by either party.
 */
export const transferStatusRequest = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('completed'),
    transfer_speed: z.number().nonnegative().max(1e9),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/i, 'The SHA-256 must be 64 hexadecimal digits.')
      .transform((v) => v.toLowerCase())
      .optional(),
  }),
  z.object({ status: z.literal('canceled'), reason: reasonText.optional() }),
  z.object({ status: z.literal('error'), reason: reasonText.min(1, 'Please give a reason.') }),
])
export type TransferStatusRequest = z.input<typeof transferStatusRequest>
export type TransferStatusInput = z.output<typeof transferStatusRequest>

/**
 * POST /api/transfers/{id}/link (issue 24 item 4): the sender of a direct transfer that could not
 * connect sends the same files as a stored transfer instead: `files` are the sender's finished
 * uploads (the upload engine's records, as POST /api/transfers takes them). The server creates a
 * link transfer of them (no recipient emails, the plan's limits as for any transfer) and posts its
 * share link, which it builds itself, to the direct transfer's recipient.
 */
export const sendAsLinkRequest = z.object({
  files: z.array(uploadedFileRecord).min(1, 'Please upload at least one file.').max(10_000),
})
export type SendAsLinkRequest = z.input<typeof sendAsLinkRequest>
export type SendAsLinkInput = z.output<typeof sendAsLinkRequest>
export const sendAsLinkResponse = z.object({ share_url: z.url() })
export type SendAsLinkResponse = z.infer<typeof sendAsLinkResponse>

/**
 * spec/transfers.md §3 Direct transfer (history), plus the other party and the direction. sender_id and
 * recipient_id are participant ids, which are user ids for signed-in users, so the spec's
 * Direction (Sent if sender_id equals my user id) holds; `direction` says the same.
 */
export const directTransferSchema = z.object({
  id: z.uuid(),
  room_id: z.uuid(),
  sender_id: z.uuid(),
  recipient_id: z.uuid(),
  sender_name: z.string(),
  recipient_name: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  file_size: z.int().nonnegative(),
  status: directTransferStatusSchema,
  /** MB/s, set when completed. */
  transfer_speed: z.number().nullable(),
  sha256: z.string().nullable(),
  /** Why it was canceled or failed, when a party said. */
  reason: z.string().nullable(),
  created_at: isoDate,
  updated_at: isoDate,
})
export type DirectTransfer = z.infer<typeof directTransferSchema>

/** GET /api/transfers/history: newest first, with the caller's direction. */
export const historyItemSchema = directTransferSchema.extend({ direction: z.enum(['sent', 'received']) })
export type HistoryItem = z.infer<typeof historyItemSchema>
/** One page, newest first (`pageQuery`). */
export const historyResponse = page(historyItemSchema)
export type HistoryList = z.infer<typeof historyResponse>

/** Which status may follow which, and who may set it (see directTransferTransition). */
const transitions: Record<DirectTransferStatus, readonly DirectTransferStatus[]> = {
  initiated: ['accepted', 'rejected', 'canceled', 'error'],
  accepted: ['completed', 'canceled', 'error'],
  completed: [],
  rejected: [],
  canceled: [],
  error: [],
}

export type TransferParty = 'sender' | 'recipient'

/**
 * Whether `party` may move a direct transfer from `from` to `to`: accepted and rejected come
 * from the recipient's respond, completed from the recipient only, canceled and error from
 * either; terminal statuses are final. The server applies it; the web may use it to hide
 * buttons.
 */
export function directTransferTransition(
  from: DirectTransferStatus,
  to: DirectTransferStatus,
  party: TransferParty,
): 'ok' | 'illegal' | 'not_allowed' {
  if (!transitions[from].includes(to)) return 'illegal'
  if ((to === 'accepted' || to === 'rejected' || to === 'completed') && party !== 'recipient') return 'not_allowed'
  return 'ok'
}

export const isTerminalStatus = (status: DirectTransferStatus) => transitions[status].length === 0
