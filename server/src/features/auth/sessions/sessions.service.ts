import type { ActiveSessionsResponse } from '@ferry/contracts/api/sessions'
import type { Deps } from '../../../deps.js'
import { AppError } from '../../../errors.js'
import type { UserRecord } from '../../users/users.service.js'
import { createSessionsRepository } from './sessions.repository.js'

/**
 * Active sessions in the profile (issue 23 item 4, decision 0028): the account's sessions of its
 * current epoch, one ended by deleting its row, or all but the asking one.
 */
export function createActiveSessions(deps: Pick<Deps, 'database' | 'clock'>) {
  const repo = createSessionsRepository(deps.database.db)
  return {
    async list(user: UserRecord, currentId: string | undefined): Promise<ActiveSessionsResponse> {
      const rows = await repo.listLive(user.id, user.sessionEpoch, deps.clock.now())
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          label: row.label,
          device: row.device,
          country: row.country,
          created_at: row.createdAt.toISOString(),
          last_seen_at: row.lastSeenAt.toISOString(),
          current: row.id === currentId,
        })),
      }
    },

    async signOut(userId: string, id: string): Promise<void> {
      if (!(await repo.remove(userId, id))) throw new AppError('session_not_found', 404)
    },

    /** Every session but `currentId`; a request without a session (none to keep) is refused. */
    async signOutOthers(userId: string, currentId: string | undefined): Promise<{ signed_out: number }> {
      if (!currentId) throw new AppError('session_not_signed_in', 409)
      return { signed_out: await repo.removeOthers(userId, currentId) }
    },
  }
}

export type ActiveSessions = ReturnType<typeof createActiveSessions>
