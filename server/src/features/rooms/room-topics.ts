import type { RoomServerEvent } from '@ferry/contracts/realtime/room-events'
import type { SignalChannel, SignalServerMessage } from '@ferry/contracts/realtime/signalling'
import { topic } from '../../adapters/event-bus/topic.js'

/** A room event for some participants (`to`) or everyone in the room (null). */
export interface RoomEnvelope {
  to: string[] | null
  event: RoomServerEvent
}

/** Who is in a room: a participant is listed while a socket of theirs is open, or closed within the grace. */
export const roomPresenceGroup = (roomId: string) => `room:${roomId}`

/** Room events travel on the bus, so sockets of one room on different instances all see them. */
export const roomTopic = (roomId: string) => topic<RoomEnvelope>(`room:${roomId}:events`)

/**
 * Signalling between the sockets of one room. `to` null means every participant on the channel
 * (a call). A `probe` says `from` is ready on `channel`; a ready peer answers with an `ack`, and
 * each side then gets its role. `session` names one `ready` of a socket, so a role is sent once
 * per pair of readinesses (again when a peer restarts). `relay` carries a message for its
 * client; `left` a departure.
 */
export type SignalEnvelope =
  | { kind: 'relay'; to: string; message: SignalServerMessage }
  | { kind: 'probe'; channel: SignalChannel; from: string; to: string | null; session: string }
  | { kind: 'ack'; channel: SignalChannel; from: string; to: string; session: string }
  | { kind: 'left'; channel: SignalChannel; from: string; to: string | null }

export const signalTopic = (roomId: string) => topic<SignalEnvelope>(`room:${roomId}:signal`)
