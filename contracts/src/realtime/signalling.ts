import { z } from 'zod'

/**
 * WebRTC signalling, WebSocket /ws/webrtc/{roomId} (spec/transfers.md §7): role, offer, answer,
 * ice-candidate, connected. Same auth as the room socket. Every message names its `channel`:
 * a direct transfer id (relayed only between that transfer's sender and recipient, once it is
 * accepted) or 'call' (Join Video Chat: relayed between participants whose plan
 * supports_video_audio). The server stamps `from` (the sender's participant id) on what it relays.
 *
 * Flow: each side sends `ready` for a channel; when both ends of the pair are ready the server
 * sends each a `role` (a transfer's sender is the offerer; in a call the lower participant id
 * offers). The offerer then sends `offer`, the answerer `answer`, both `ice-candidate`s, and
 * either may send `connected` once its data channel or media is up. `leave` ends a call.
 */

export const callChannel = 'call'
export const signalChannelSchema = z.union([z.uuid(), z.literal(callChannel)])
export type SignalChannel = z.infer<typeof signalChannelSchema>

const sdpSchema = z.object({ type: z.enum(['offer', 'answer', 'pranswer', 'rollback']), sdp: z.string().max(200_000) })
/** RTCIceCandidateInit; null is the end-of-candidates marker. */
const candidateSchema = z
  .object({
    candidate: z.string().max(4_000),
    sdpMid: z.string().max(200).nullish(),
    sdpMLineIndex: z.int().nonnegative().nullish(),
    usernameFragment: z.string().max(200).nullish(),
  })
  .nullable()

const to = z.uuid()

/** Client → server. */
export const signalClientMessageSchema = z.discriminatedUnion('type', [
  /** I am ready on this channel (for a transfer: after accepting / being accepted; for a call: joining it). */
  z.object({ type: z.literal('ready'), channel: signalChannelSchema }),
  z.object({ type: z.literal('offer'), channel: signalChannelSchema, to, sdp: sdpSchema }),
  z.object({ type: z.literal('answer'), channel: signalChannelSchema, to, sdp: sdpSchema }),
  z.object({ type: z.literal('ice-candidate'), channel: signalChannelSchema, to, candidate: candidateSchema }),
  z.object({ type: z.literal('connected'), channel: signalChannelSchema, to }),
  /** I left this channel (hang up a call, or abandon a transfer's connection). */
  z.object({ type: z.literal('leave'), channel: signalChannelSchema }),
])
export type SignalClientMessage = z.infer<typeof signalClientMessageSchema>

const from = z.uuid()

/** Server → client. */
export const signalServerMessageSchema = z.discriminatedUnion('type', [
  /** Sent first, once the socket is authenticated and a member. */
  z.object({ type: z.literal('welcome'), participant_id: z.uuid(), supports_video_audio: z.boolean() }),
  /** Both ends of the pair are ready: `peer` is the other end; the offerer creates the offer. */
  z.object({
    type: z.literal('role'),
    channel: signalChannelSchema,
    role: z.enum(['offerer', 'answerer']),
    peer: z.uuid(),
  }),
  z.object({ type: z.literal('offer'), channel: signalChannelSchema, from, sdp: sdpSchema }),
  z.object({ type: z.literal('answer'), channel: signalChannelSchema, from, sdp: sdpSchema }),
  z.object({ type: z.literal('ice-candidate'), channel: signalChannelSchema, from, candidate: candidateSchema }),
  z.object({ type: z.literal('connected'), channel: signalChannelSchema, from }),
  /** `from` left the channel or closed its signalling socket. */
  z.object({ type: z.literal('peer-left'), channel: signalChannelSchema, from }),
  /** A message was refused without closing the socket (e.g. video_not_in_plan, transfer_not_party). */
  z.object({
    type: z.literal('error'),
    code: z.string(),
    detail: z.string(),
    channel: signalChannelSchema.optional(),
  }),
])
export type SignalServerMessage = z.infer<typeof signalServerMessageSchema>
