import { socketCloseCodes } from '@ferry/contracts/realtime/socket-close'
import type { FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import type { Clock } from '../../clock.js'
import { type Authenticator, authCookieName } from '../../http/auth-guard.js'
import type { GuestTokens } from './room-guest-tokens.js'
import type { PresenceSeat, RoomPresence } from './room-presence.js'
import type { ParticipantRow, RoomRow } from './rooms.repository.js'
import type { RoomsService } from './rooms.service.js'
import { createTokenBucket } from './socket-budget.js'
import { keepAlive } from './socket-heartbeat.js'

/** A socket's verified place in a room. */
export interface SocketMember {
  room: RoomRow
  participant: ParticipantRow
  /** The participant's plan allows video/audio chat. */
  video: boolean
  /** The socket's place in the room's presence. */
  seat: PresenceSeat
}

export type Admission = { ok: true; member: SocketMember } | { ok: false; code: number; reason: string }

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const refuse = (code: number, reason: string): Admission => ({ ok: false, code, reason })

// A browser sends the cookie on a cross-site WebSocket too; only a same-origin page may rely on it.
function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin
  if (!origin) return true
  try {
    return new URL(origin).host === request.host
  } catch {
    return false
  }
}

/**
 * Who opens a room socket, decided before the upgrade completes: the `token` query parameter
 * (a user token or a guest token; browsers cannot set headers on a WebSocket) or else the auth
 * cookie; then the room must exist, be live, and count them as a participant.
 */
export function createSocketAdmission(ctx: {
  rooms: RoomsService
  guests: GuestTokens
  authenticator: Authenticator
  clock: Clock
  presence: RoomPresence
  /** How often sockets are pinged; a socket that misses one ping is closed (socket-heartbeat.ts). */
  heartbeatMs: number
}) {
  const admissions = new WeakMap<FastifyRequest, Admission>()

  async function participantId(request: FastifyRequest, roomId: string): Promise<string | Admission> {
    const query = request.query as Record<string, unknown>
    const queryToken = typeof query.token === 'string' && query.token !== '' ? query.token : undefined
    const cookie = sameOrigin(request) ? request.cookies[authCookieName] : undefined
    const token = queryToken ?? cookie
    if (!token) return refuse(socketCloseCodes.unauthenticated, 'Not authenticated')
    const guest = await ctx.guests.read(token)
    if (guest)
      return guest.roomId === roomId ? guest.participantId : refuse(socketCloseCodes.notMember, 'Not a participant')
    const session = await ctx.authenticator.authenticate(token)
    return session ? session.user.id : refuse(socketCloseCodes.unauthenticated, 'Not authenticated')
  }

  async function admit(request: FastifyRequest): Promise<Admission> {
    const { roomId } = request.params as { roomId: string }
    if (!uuidPattern.test(roomId)) return refuse(socketCloseCodes.roomNotFound, 'Room not found')
    // The room first: a visitor's guest token expires with the room, and 4410 says more than 4401.
    const room = await ctx.rooms.lookup(roomId)
    if (!room) return refuse(socketCloseCodes.roomNotFound, 'Room not found')
    if (ctx.rooms.isExpired(room)) return refuse(socketCloseCodes.roomExpired, 'Room expired')
    const who = await participantId(request, roomId)
    if (typeof who !== 'string') return who
    const participant = await ctx.rooms.participant(roomId, who)
    if (!participant) return refuse(socketCloseCodes.notMember, 'Not a participant')
    const video = await ctx.rooms.supportsVideo(participant)
    const taken = await ctx.presence.take(roomId, who, request.ip)
    if (!taken.ok) return refuse(socketCloseCodes.tooManyRequests, taken.reason)
    return { ok: true, member: { room, participant, video, seat: taken.seat } }
  }

  return {
    /** The route's preValidation hook. */
    async preValidation(request: FastifyRequest) {
      admissions.set(request, await admit(request))
    },

    /** The member behind an upgraded socket, or undefined after closing a refused socket. */
    take(socket: WebSocket, request: FastifyRequest): SocketMember | undefined {
      const admission = admissions.get(request) ?? refuse(socketCloseCodes.unauthenticated, 'Not authenticated')
      admissions.delete(request)
      if (!admission.ok) {
        socket.close(admission.code, admission.reason)
        return undefined
      }
      const { seat } = admission.member
      seat.open()
      socket.once('close', () => seat.close())
      keepAlive(socket, ctx.heartbeatMs)
      return admission.member
    },

    /**
     * The socket's message budget (security review M-3): call it on each message; false once the
     * budget ran dry, and the socket is then closed with 4429.
     */
    messageBudget(socket: WebSocket): () => boolean {
      const bucket = createTokenBucket()
      return () => {
        if (bucket.take()) return true
        if (socket.readyState === socket.OPEN) socket.close(socketCloseCodes.tooManyRequests, 'Too many messages')
        return false
      }
    },

    /** Closes the socket with 4410 when the room ends; returns the cancel function. */
    closeAtExpiry(socket: WebSocket, room: RoomRow, beforeClose?: () => void): () => void {
      return ctx.clock.after(room.expiresAt.getTime() - ctx.clock.now().getTime(), () => {
        beforeClose?.()
        socket.close(socketCloseCodes.roomExpired, 'Room expired')
      })
    },
  }
}

export type SocketAdmission = ReturnType<typeof createSocketAdmission>

/** One JSON frame checked against a contract's union; undefined for binary, non-JSON or foreign frames. */
export function parseFrame<T>(
  data: unknown,
  isBinary: boolean,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
): T | undefined {
  if (isBinary) return undefined
  try {
    const parsed = schema.safeParse(JSON.parse(String(data)))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** The sockets' request log line, without the token their URL carries. */
export const socketLogSerializers = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: req.url.replace(/([?&]token=)[^&]*/g, '$1[redacted]'),
    host: req.host,
    remoteAddress: req.ip,
  }),
}
