import type { Deps } from '../../deps.js'
import type { Job } from '../../jobs/job-runner.js'
import { type PurgeOutcome, sweepInPages } from '../../jobs/paged-sweep.js'
import { createRequestLinksRepository } from './request-links.repository.js'

const sweepIntervalMs = 10 * 60 * 1000
const pageSize = 100

type SweeperDeps = Pick<Deps, 'clock' | 'database' | 'blobs' | 'logger'>

/**
 * Deletes the files of received groups whose retention (the requester's plan expiry hours after
 * the upload) has passed. The rows stay, with files_deleted_at set, so Received Files still lists
 * them and downloads answer 410. Safe on several instances: each group is taken by one
 * conditional update; a failed delete gives it back for the next sweep.
 */
export function createReceivedFilesSweeper(deps: SweeperDeps) {
  const repo = createRequestLinksRepository(deps.database.db)
  return {
    async sweep(): Promise<{ purged: number; failed: number }> {
      const now = deps.clock.now()
      return sweepInPages(
        () => repo.listPurgeable(now, pageSize),
        async (groupId): Promise<PurgeOutcome> => {
          if (!(await repo.takeForPurge(groupId, now))) return 'skipped'
          try {
            for (const key of await repo.fileKeysOf(groupId)) await deps.blobs.delete(key)
            return 'purged'
          } catch (error) {
            deps.logger.warn({ err: error, groupId }, 'Could not delete received files; will retry')
            await repo.releasePurge(groupId)
            return 'failed'
          }
        },
      )
    },
  }
}

/** The request-links feature's periodic jobs. */
export function requestLinksJobs(deps: SweeperDeps): Job[] {
  const sweeper = createReceivedFilesSweeper(deps)
  return [{ name: 'sweep-received-files', intervalMs: sweepIntervalMs, run: () => sweeper.sweep() }]
}
