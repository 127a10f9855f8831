import { randomUUID } from 'node:crypto'
import {
  defaultRoomTitles,
  type RoomCreateInput,
  type RoomCreateResponse,
  type RoomJoinResponse,
  type RoomMemberView,
  type RoomResponse,
} from '@ferry/contracts/api/rooms'
import { errorText } from '@ferry/contracts/errors'
import { publishTo } from '../../adapters/event-bus/topic.js'
import type { Deps } from '../../deps.js'
import { AppError, RateLimitedError } from '../../errors.js'
import { assertUnderOpenCap } from '../open-caps.js'
import type { PlansService } from '../plans/plans.service.js'
import type { UserRecord } from '../users/users.service.js'
import { participantIdIn, type RoomActor } from './room-actor.js'
import type { GuestTokens } from './room-guest-tokens.js'
import { roomPresenceGroup, roomTopic } from './room-topics.js'
import { toParticipant, toRoomTransfer } from './rooms.mapping.js'
import { createRoomsRepository, type ParticipantRow, type RoomRow } from './rooms.repository.js'

type RoomsDeps = Pick<Deps, 'config' | 'clock' | 'database' | 'events' | 'presence' | 'rateLimiter' | 'logger'>

const hourMs = 60 * 60 * 1000

/** Rooms: create, read, join; who is a participant (for the transfer routes and sockets). */
export function createRoomsService(deps: RoomsDeps, { guests, plans }: { guests: GuestTokens; plans: PlansService }) {
  const { db } = deps.database
  const repo = createRoomsRepository(db)

  const isExpired = (room: RoomRow) => room.expiresAt.getTime() <= deps.clock.now().getTime()

  async function findRoom(roomId: string): Promise<RoomRow> {
    const room = await repo.findRoom(roomId)
    if (!room) throw new AppError('room_not_found', 404)
    return room
  }

  /** Whether this participant's plan has video/audio chat (visitors: the Guest plan). */
  async function supportsVideo(participant: ParticipantRow): Promise<boolean> {
    return (await plans.planForUser(participant.userId)).supports_video_audio
  }

  async function memberView(room: RoomRow, me: ParticipantRow): Promise<RoomMemberView> {
    const [participants, open, video] = await Promise.all([
      repo.listParticipants(room.id),
      repo.listOpenTransfers(room.id, me.participantId, ['initiated', 'accepted']),
      supportsVideo(me),
    ])
    return {
      is_participant: true,
      id: room.id,
      name: room.name,
      max_participants: room.maxParticipants,
      created_at: room.createdAt.toISOString(),
      expires_at: room.expiresAt.toISOString(),
      expired: isExpired(room),
      host_id: room.hostParticipantId,
      participants: participants.map(toParticipant),
      me: me.participantId,
      supports_video_audio: video,
      ice_servers: deps.config.iceServers,
      transfers: open.map(toRoomTransfer),
    }
  }

  /** Security review L-4: joins per client address are limited (a store failure lets the join through). */
  async function limitJoins(ip: string): Promise<void> {
    const { perIp, windowMs } = deps.config.rooms.joinRateLimit
    try {
      const result = await deps.rateLimiter.hit(`room-join:ip:${ip}`, perIp, windowMs)
      if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds)
    } catch (error) {
      if (error instanceof RateLimitedError) throw error
      deps.logger.warn({ err: error }, 'Rate limiter unavailable; room join allowed')
    }
  }

  /**
   * Frees the seats of participants who are gone (security review L-4): no room socket open on
   * any instance, none closed within the grace, and joined longer ago than the grace (time to
   * connect) or `departed` (whose socket closed: they did connect). Each departure is announced
   * to the room. When presence cannot be read, nobody is removed.
   */
  async function releaseAbsent(roomId: string, departed?: string): Promise<void> {
    let present: Map<string, number>
    try {
      present = await deps.presence.members(roomPresenceGroup(roomId))
    } catch (error) {
      deps.logger.warn({ err: error, roomId }, 'Presence unavailable; nobody leaves the room for now')
      return
    }
    const joinedBefore = new Date(deps.clock.now().getTime() - deps.config.rooms.presenceGraceMs)
    const gone = await repo.deleteAbsent(roomId, [...present.keys()], joinedBefore, departed)
    await Promise.all(
      gone.map((p) =>
        publishTo(deps.events, roomTopic(roomId), {
          to: null,
          event: { type: 'user_left', participant_id: p.participantId },
        }),
      ),
    )
  }

  async function findMember(room: RoomRow, actor: RoomActor | null): Promise<ParticipantRow | undefined> {
    const id = actor && participantIdIn(actor, room.id)
    return id ? repo.findParticipant(room.id, id) : undefined
  }

  return {
    isExpired,
    supportsVideo,
    releaseAbsent,

    async create(user: UserRecord, input: RoomCreateInput): Promise<RoomCreateResponse> {
      const plan = await plans.planForUser(user.id)
      if (input.max_participants > plan.max_room_users) {
        throw new AppError('room_too_large', 403, errorText('room_too_large', { n: plan.max_room_users }))
      }
      const now = deps.clock.now()
      const room = await db.transaction(async (tx) => {
        await assertUnderOpenCap(tx, 'rooms', user.id, now)
        const rooms = createRoomsRepository(tx)
        const created = await rooms.insertRoom({
          name: input.title ?? defaultRoomTitles[user.language],
          hostUserId: user.id,
          hostParticipantId: user.id,
          maxParticipants: input.max_participants,
          createdAt: now,
          expiresAt: new Date(now.getTime() + input.expires_in_hours * hourMs),
        })
        await rooms.insertParticipant({
          roomId: created.id,
          participantId: user.id,
          userId: user.id,
          displayName: user.name,
          isHost: true,
          joinedAt: now,
        })
        return created
      })
      return { id: room.id }
    },

    /** Participants get the whole room; anyone else what a Join button needs. */
    async get(roomId: string, actor: RoomActor | null): Promise<RoomResponse> {
      const room = await findRoom(roomId)
      const me = await findMember(room, actor)
      if (me) return memberView(room, me)
      const participants = await repo.listParticipants(room.id)
      const host = participants.find((p) => p.isHost)
      return {
        is_participant: false,
        id: room.id,
        name: room.name,
        host_name: host?.displayName ?? '',
        participant_count: participants.length,
        max_participants: room.maxParticipants,
        expires_at: room.expiresAt.toISOString(),
        full: participants.length >= room.maxParticipants,
        expired: isExpired(room),
        needs_display_name: actor?.kind !== 'user',
      }
    },

    /**
     * Joins as the signed-in user, or as a visitor with a display name (who gets a guest token
     * for this room). Joining again is a no-op answering the same; a full room answers 409 and an
     * expired one 410; joins are limited per client address (429). Seats of participants who are
     * gone are freed first. The host coming back is the host again, full room or not. The first
     * join is announced to the room.
     */
    async join(
      roomId: string,
      actor: RoomActor | null,
      displayName: string | undefined,
      clientIp: string,
    ): Promise<RoomJoinResponse> {
      await limitJoins(clientIp)
      await releaseAbsent(roomId)
      const now = deps.clock.now()
      const result = await db.transaction(async (tx) => {
        const rooms = createRoomsRepository(tx)
        const room = await rooms.lockRoom(roomId)
        if (!room) throw new AppError('room_not_found', 404)
        if (isExpired(room)) throw new AppError('room_expired', 410)
        const existingId = actor && participantIdIn(actor, room.id)
        const existing = existingId ? await rooms.findParticipant(room.id, existingId) : undefined
        if (existing) return { room, participant: existing, joined: false }
        if (actor?.kind !== 'user' && !displayName) throw new AppError('room_display_name_required', 400)
        const isHost = actor?.kind === 'user' && actor.user.id === room.hostParticipantId
        if (!isHost && (await rooms.countParticipants(room.id)) >= room.maxParticipants) {
          throw new AppError('room_full', 409)
        }
        const participant = await rooms.insertParticipant(
          actor?.kind === 'user'
            ? {
                roomId,
                participantId: actor.user.id,
                userId: actor.user.id,
                displayName: actor.user.name,
                isHost,
                joinedAt: now,
              }
            : { roomId, participantId: randomUUID(), userId: null, displayName: displayName!, joinedAt: now },
        )
        return { room, participant, joined: true }
      })
      const { room, participant } = result
      if (result.joined) {
        await publishTo(deps.events, roomTopic(room.id), {
          to: null,
          event: { type: 'user_joined', participant: toParticipant(participant) },
        })
      }
      const guestToken =
        participant.userId === null
          ? await guests.issue({ roomId: room.id, participantId: participant.participantId }, room.expiresAt)
          : undefined
      return {
        participant_id: participant.participantId,
        ...(guestToken ? { guest_token: guestToken } : {}),
        room: await memberView(room, participant),
      }
    },

    /**
     * "Leave room": the participant goes at once (no grace), and everyone, on every instance, is told.
     * Their sockets close when they hear their own user_left (room-sockets.ts). 404 unknown room,
     * 403 not a participant. The host may leave too; coming back makes them the host again.
     */
    async leave(roomId: string, actor: RoomActor): Promise<void> {
      const room = await findRoom(roomId)
      const me = await findMember(room, actor)
      if (!me) throw new AppError('room_not_member', 403)
      const gone = await repo.deleteParticipant(room.id, me.participantId)
      if (!gone) return
      await publishTo(deps.events, roomTopic(room.id), {
        to: null,
        event: { type: 'user_left', participant_id: gone.participantId },
      })
    },

    /**
     * "Close room": the host ends the room now for everyone (it ends as if it had expired: sockets
     * close with 4410, the seats go with the purge job, the history stays). Only the host (403).
     * Closing an ended room is a no-op.
     */
    async close(roomId: string, user: UserRecord): Promise<void> {
      const room = await findRoom(roomId)
      if (room.hostUserId !== user.id) throw new AppError('room_not_host', 403)
      const now = deps.clock.now()
      const ended = await repo.endRoom(room.id, now)
      if (!ended) return
      await publishTo(deps.events, roomTopic(room.id), {
        to: null,
        event: { type: 'room_expired', expires_at: now.toISOString() },
      })
    },

    /** The room and the actor's participation in it; 404 unknown room, 403 not a participant. */
    async requireMember(roomId: string, actor: RoomActor): Promise<{ room: RoomRow; me: ParticipantRow }> {
      const room = await findRoom(roomId)
      const me = await findMember(room, actor)
      if (!me) throw new AppError('room_not_member', 403)
      return { room, me }
    },

    /** The room, or undefined (for the sockets). */
    lookup: (roomId: string) => repo.findRoom(roomId),

    /** One participant of a room, or undefined. */
    participant: (roomId: string, participantId: string) => repo.findParticipant(roomId, participantId),
  }
}

export type RoomsService = ReturnType<typeof createRoomsService>
