import type { Deps } from '../../deps.js'
import type { Job } from '../../jobs/job-runner.js'
import { createRoomsRepository } from './rooms.repository.js'

const sweepIntervalMs = 10 * 60 * 1000
/** Direct-transfer history outlives its room this long (the history page reads it), then goes with it. */
export const roomHistoryRetentionMs = 30 * 24 * 60 * 60 * 1000

/**
 * Purges ended rooms (security review L-4): their participants (and guest identities) as soon as
 * the room ends, the room with its direct-transfer records once the history retention passed.
 * Conditional deletes, so several instances sweeping at once delete each row once.
 */
export function createEndedRoomsSweeper(deps: Pick<Deps, 'clock' | 'database'>) {
  const repo = createRoomsRepository(deps.database.db)
  return {
    async sweep(): Promise<{ participants: number; rooms: number }> {
      const now = deps.clock.now()
      const participants = await repo.deleteParticipantsOfEnded(now)
      const rooms = await repo.deleteEndedBefore(new Date(now.getTime() - roomHistoryRetentionMs))
      return { participants, rooms }
    },
  }
}

/** The rooms feature's periodic jobs. */
export function roomsJobs(deps: Pick<Deps, 'clock' | 'database'>): Job[] {
  const sweeper = createEndedRoomsSweeper(deps)
  return [{ name: 'purge-ended-rooms', intervalMs: sweepIntervalMs, run: () => sweeper.sweep() }]
}
