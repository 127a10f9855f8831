import { randomUUID } from 'node:crypto'
import type { Deps } from '../../deps.js'
import { roomPresenceGroup } from './room-topics.js'
import type { RoomsService } from './rooms.service.js'

/** An open socket's entries lapse this long after its instance stops refreshing them (it died). */
export const presenceTtlMs = 15_000
const refreshMs = 5_000
/** How often an instance looks for participants gone from the rooms it has sockets in (a dead instance's). */
const sweepMs = 5_000
/** Room and signalling sockets one participant may hold open at once (two tabs, each with both). */
export const socketsPerParticipant = 4

/** Open sockets only, per room (the cap per participant) and per client address. */
const openGroup = (roomId: string) => `room-open:${roomId}`
const addressGroup = (ip: string) => `address:${ip}`

/** A socket's place in the presence of its room; `open` starts refreshing it, `close` lets it go. */
export interface PresenceSeat {
  open(): void
  close(): void
}

export type SeatResult = { ok: true; seat: PresenceSeat } | { ok: false; reason: string }

/**
 * Room sockets in the shared presence (Redis when configured, so every instance sees every
 * socket): caps per participant and per address (security review M-3), and departures (L-4):
 * when a participant's last socket closes, the seat is theirs for the grace (a reload), then
 * the room service removes them and announces it. An instance also sweeps the rooms it has
 * sockets in, for participants whose instance died.
 */
export function createRoomPresence(
  deps: Pick<Deps, 'presence' | 'config' | 'logger'>,
  rooms: Pick<RoomsService, 'releaseAbsent'>,
) {
  const { presence } = deps
  const graceMs = deps.config.rooms.presenceGraceMs
  const local = new Map<string, number>()
  let sweeper: NodeJS.Timeout | undefined

  const warn = (message: string) => (error: unknown) => deps.logger.warn({ err: error }, message)
  const release = (roomId: string, departed?: string) =>
    rooms.releaseAbsent(roomId, departed).catch(warn('Could not release absent participants'))

  function track(roomId: string, delta: 1 | -1) {
    const count = (local.get(roomId) ?? 0) + delta
    if (count > 0) local.set(roomId, count)
    else local.delete(roomId)
    if (local.size > 0 && !sweeper) {
      sweeper = setInterval(() => {
        for (const id of local.keys()) void release(id)
      }, sweepMs).unref()
    } else if (local.size === 0 && sweeper) {
      clearInterval(sweeper)
      sweeper = undefined
    }
  }

  return {
    /**
     * Checks the caps for a new socket and reserves its place (before the upgrade completes), in
     * one step: sockets opened at once cannot all count the same free place and exceed a cap.
     */
    async take(roomId: string, participantId: string, ip: string): Promise<SeatResult> {
      const socket = randomUUID()
      const groups = [roomPresenceGroup(roomId), openGroup(roomId), addressGroup(ip)]
      const caps = [
        { group: openGroup(roomId), max: socketsPerParticipant, of: 'member' },
        { group: addressGroup(ip), max: deps.config.rooms.socketsPerIp, of: 'all' },
      ] as const
      const full = await presence.claim(caps, groups, participantId, socket, presenceTtlMs).catch((error: unknown) => {
        warn('Presence unavailable; socket allowed')(error)
        return -1
      })
      if (full === 0) return { ok: false, reason: 'Too many connections for this participant' }
      if (full === 1) return { ok: false, reason: 'Too many connections from here' }
      const refresh = () =>
        presence.touch(groups, participantId, socket, presenceTtlMs).catch(warn('Could not refresh presence'))
      let timer: NodeJS.Timeout | undefined
      return {
        ok: true,
        seat: {
          open() {
            track(roomId, 1)
            timer = setInterval(refresh, refreshMs).unref()
          },
          close() {
            clearInterval(timer)
            if (timer) track(roomId, -1)
            // The seat stays for the grace: a reload finds it; then the room checks who is gone.
            void presence
              .remove(groups.slice(1), participantId, socket)
              .then(() => presence.touch(groups.slice(0, 1), participantId, socket, graceMs))
              .catch(warn('Could not update presence'))
            setTimeout(() => void release(roomId, participantId), graceMs + 250).unref()
          },
        },
      }
    },
  }
}

export type RoomPresence = ReturnType<typeof createRoomPresence>
