import { BlobUploadNotFoundError } from '../../adapters/blob-store/blob-store.js'
import type { Deps } from '../../deps.js'
import type { Job } from '../../jobs/job-runner.js'
import { createUploadsRepository, type PendingUploadRow } from './uploads.repository.js'

const sweepIntervalMs = 15 * 60 * 1000
const pageSize = 200
/** Nothing legitimate stays in the local store's tmp folder this long (a body being received, a folder being moved). */
const scratchMaxAgeMs = 24 * 60 * 60 * 1000

type SweeperDeps = Pick<Deps, 'clock' | 'database' | 'blobs' | 'logger'>

/**
 * Deletes uploads never used in a transfer once they expire (UPLOAD_PENDING_TTL_HOURS after
 * their last activity): the multipart upload is aborted, the object deleted, the row dropped.
 * Safe on several instances at once: a row is taken by one conditional delete, so each upload
 * is swept once, and a claim that locked it first wins.
 */
export function createPendingUploadsSweeper(deps: SweeperDeps) {
  const repo = createUploadsRepository(deps.database.db)

  /** Deletes the bytes of a taken row; on failure puts the row back for a later sweep. */
  async function sweepOne(row: PendingUploadRow, now: Date): Promise<boolean> {
    const taken = await repo.takeExpiredUnclaimed(row.key, now)
    if (!taken) return false
    try {
      if (taken.uploadId !== null && taken.status === 'pending') {
        await deps.blobs.abortMultipart(taken.key, taken.uploadId).catch((error) => {
          if (!(error instanceof BlobUploadNotFoundError)) throw error
        })
      }
      await deps.blobs.delete(taken.key)
      return true
    } catch (error) {
      deps.logger.warn({ err: error, key: taken.key }, 'Could not delete an expired upload; will retry')
      await repo.restore(taken)
      return false
    }
  }

  return {
    /**
     * One sweep: the counts of uploads deleted, of claimed records dropped, and of leftovers
     * of interrupted writes removed from the local store's tmp folder.
     */
    async sweep(): Promise<{ swept: number; dropped: number; scratch: number }> {
      const now = deps.clock.now()
      let swept = 0
      let after = ''
      for (;;) {
        const page = await repo.listExpiredUnclaimed(now, after, pageSize)
        for (const row of page) if (await sweepOne(row, now)) swept++
        const last = page.at(-1)
        if (!last || page.length < pageSize) break
        after = last.key
      }
      const dropped = await repo.deleteExpiredClaimed(now)
      const scratch =
        deps.blobs.kind === 'local' ? await deps.blobs.sweepScratch(new Date(now.getTime() - scratchMaxAgeMs)) : 0
      return { swept, dropped, scratch }
    },
  }
}

/** The uploads feature's periodic jobs. */
export function uploadsJobs(deps: SweeperDeps): Job[] {
  const sweeper = createPendingUploadsSweeper(deps)
  return [{ name: 'sweep-pending-uploads', intervalMs: sweepIntervalMs, run: () => sweeper.sweep() }]
}
