import { z } from 'zod'
import { directTransferStatusSchema, roomParticipantSchema, roomTransferSchema } from '../api/rooms.js'

/**
 * Messages on the room socket, WebSocket /api/rooms/{roomId}/ws (spec/transfers.md §7). Connect with
 * `?token=<user JWT or guest token>` (or the auth cookie); non-participants are closed with
 * 4403 (socket-close.ts). Every frame is one JSON object.
 */

/** Server → client. */
export const roomServerEventSchema = z.discriminatedUnion('type', [
  /** Sent first, once the socket is authenticated and a member: my participant id. */
  z.object({ type: z.literal('welcome'), participant_id: z.uuid(), room_id: z.uuid() }),
  /** To the recipient only: someone wants to send a file. */
  z.object({ type: z.literal('transfer_request'), transfer: roomTransferSchema }),
  /** To the sender only: the recipient accepted or declined (transfer.accepted / transfer.status). */
  z.object({ type: z.literal('transfer_response'), transfer: roomTransferSchema, accepted: z.boolean() }),
  /** To both parties: a status was reported (completed, canceled, error) by `by`. */
  z.object({
    type: z.literal('transfer_status'),
    transfer_id: z.uuid(),
    status: directTransferStatusSchema,
    by: z.uuid(),
    reason: z.string().nullable(),
    transfer_speed: z.number().nullable(),
  }),
  /**
   * To the recipient only: the sender could not connect directly and sent the same files as a
   * stored transfer; `share_url` is its share link on Ferry's own address (issue 24 item 4).
   */
  z.object({
    type: z.literal('transfer_link'),
    transfer_id: z.uuid(),
    sender_name: z.string(),
    share_url: z.url({ protocol: /^https?$/ }),
  }),
  /** To everyone: a participant joined the room (the first time). */
  z.object({ type: z.literal('user_joined'), participant: roomParticipantSchema }),
  /**
   * To everyone: a participant left the room: no socket of theirs open on any instance for the
   * grace (ROOM_PRESENCE_GRACE_SECONDS) after the last one closed. Their seat is free; they are
   * no longer a participant (joining again makes a new visit).
   */
  z.object({ type: z.literal('user_left'), participant_id: z.uuid() }),
  /** The room reached its end; the socket is closed (4410) right after. */
  z.object({ type: z.literal('room_expired'), expires_at: z.iso.datetime({ offset: true }) }),
  z.object({ type: z.literal('pong') }),
  /** A message was refused without closing the socket. */
  z.object({ type: z.literal('error'), code: z.string(), detail: z.string() }),
])
export type RoomServerEvent = z.infer<typeof roomServerEventSchema>

/** Client → server: only keep-alives; actions go through the HTTP routes. */
export const roomClientMessageSchema = z.discriminatedUnion('type', [z.object({ type: z.literal('ping') })])
export type RoomClientMessage = z.infer<typeof roomClientMessageSchema>
