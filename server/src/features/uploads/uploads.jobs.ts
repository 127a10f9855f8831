import { BlobUploadNotFoundError } from '../../adapters/blob-store/blob-store.js'
import type { Deps } from '../../deps.js'
import type { Job } from '../../jobs/job-runner.js'
import { claimedKeyOf } from './upload-keys.js'
import { createUploadsRepository, type PendingUploadRow } from './uploads.repository.js'

const sweepIntervalMs = 15 * 60 * 1000
const pageSize = 200
/** Nothing legitimate stays in the local store's tmp folder this long (a body being received, a folder being moved). */
const scratchMaxAgeMs = 24 * 60 * 60 * 1000

type SweeperDeps = Pick<Deps, 'clock' | 'database' | 'blobs' | 'logger'>

/**
 * Deletes uploads never used in a transfer once they expire (UPLOAD_PENDING_TTL_HOURS after
 * their last activity): the multipart upload is aborted, the object deleted (with the copy a
 * rolled-back claim may have made), the row dropped. Claimed rows are dropped after the same
 * delay, deleting whatever a late PUT wrote to a key the claim moved away from, so no URL ever
 * handed out leaves bytes nobody owns. Safe on several instances at once: a row is taken by one
 * conditional delete, so each upload is swept once, and a claim that locked it first wins.
 */
export function createPendingUploadsSweeper(deps: SweeperDeps) {
  const repo = createUploadsRepository(deps.database.db)

  /** The bytes a taken row leaves to delete: none of what a claim now holds. */
  async function deleteBytes(row: PendingUploadRow): Promise<void> {
    if (row.status === 'claimed') {
      if (row.claimedKey !== null && row.claimedKey !== row.key) await deps.blobs.delete(row.key)
      return
    }
    if (row.uploadId !== null && row.status === 'pending') {
      await deps.blobs.abortMultipart(row.key, row.uploadId).catch((error) => {
        if (!(error instanceof BlobUploadNotFoundError)) throw error
      })
    }
    await deps.blobs.delete(row.key)
    if (row.uploadId === null) await deps.blobs.delete(claimedKeyOf(row.key))
  }

  /** Takes an expired row and deletes its bytes; on failure puts the row back for a later sweep. */
  async function sweepOne(row: PendingUploadRow, now: Date): Promise<PendingUploadRow | undefined> {
    const taken = await repo.takeExpired(row.key, now)
    if (!taken) return undefined
    try {
      await deleteBytes(taken)
      return taken
    } catch (error) {
      deps.logger.warn({ err: error, key: taken.key }, 'Could not delete an expired upload; will retry')
      await repo.restore(taken)
      return undefined
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
      let dropped = 0
      let after = ''
      for (;;) {
        const page = await repo.listExpired(now, after, pageSize)
        for (const row of page) {
          const taken = await sweepOne(row, now)
          if (taken?.status === 'claimed') dropped++
          else if (taken) swept++
        }
        const last = page.at(-1)
        if (!last || page.length < pageSize) break
        after = last.key
      }
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
