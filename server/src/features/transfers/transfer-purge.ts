import type { Deps } from '../../deps.js'
import type { TransfersRepository } from './transfers.repository.js'

type PurgeDeps = Pick<Deps, 'blobs' | 'logger'>

/**
 * Deletes a transfer's stored files if it is due (deleted, or past its purge time): 'skipped'
 * when it was not, or another sweeper took it first. Deleting a missing object succeeds, so a
 * retry after a partial failure is safe; on failure ('failed') it is left for the next sweep.
 */
export async function purgeTransferFiles(
  deps: PurgeDeps,
  repo: TransfersRepository,
  transferId: string,
  now: Date,
): Promise<'purged' | 'skipped' | 'failed'> {
  if (!(await repo.takeForPurge(transferId, now))) return 'skipped'
  try {
    for (const key of await repo.fileKeysOf(transferId)) await deps.blobs.delete(key)
    return 'purged'
  } catch (error) {
    deps.logger.warn({ err: error, transferId }, 'Could not delete the files of a transfer; will retry')
    await repo.releasePurge(transferId)
    return 'failed'
  }
}
