import { roomGuestHeader } from '@ferry/contracts/api/rooms'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import type { UserRecord } from '../users/users.service.js'
import type { GuestIdentity, GuestTokens } from './room-guest-tokens.js'

/** Who acts in a room: a signed-in user (participant id = user id) or a visitor of one room. */
export type RoomActor = { kind: 'user'; user: UserRecord } | ({ kind: 'guest' } & GuestIdentity)

export const actorParticipantId = (actor: RoomActor) => (actor.kind === 'user' ? actor.user.id : actor.participantId)

/** The participant id an actor has in `roomId`, or undefined when a guest token is for another room. */
export function participantIdIn(actor: RoomActor, roomId: string): string | undefined {
  if (actor.kind === 'user') return actor.user.id
  return actor.roomId === roomId ? actor.participantId : undefined
}

/**
 * The actor of a room or direct-transfer request: the signed-in user when there is one (the
 * guard already read the bearer token or cookie), else the visitor whose guest token is in the
 * X-Room-Guest header (on 'participant' routes the guard already read it); null for nobody. A
 * guest header that is not a valid token answers 401.
 */
export async function resolveActor(request: FastifyRequest, guests: GuestTokens): Promise<RoomActor | null> {
  if (request.user) return { kind: 'user', user: request.user }
  if (request.guest) return { kind: 'guest', ...request.guest }
  const header = request.headers[roomGuestHeader.toLowerCase()]
  if (typeof header !== 'string' || header === '') return null
  const identity = await guests.read(header)
  if (!identity) throw new AppError('room_guest_token_invalid', 401)
  return { kind: 'guest', ...identity }
}

export async function requireActor(request: FastifyRequest, guests: GuestTokens): Promise<RoomActor> {
  const actor = await resolveActor(request, guests)
  if (!actor) throw new AppError('unauthorized', 401)
  return actor
}
