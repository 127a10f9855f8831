import type { Db } from '../../db/database.js'
import type { Deps } from '../../deps.js'
import type { JobQueue } from '../../jobs/job-queue.js'
import type { JobHandler } from '../../jobs/job-worker.js'
import { backgroundBlobKey, backgroundFormats } from './background-images.js'
import { createBrandingRepository } from './branding.repository.js'

/** The queued job that removes a deleted organization's branding files from the blob store. */
export const brandingFilesKind = 'branding.delete-files'

interface BrandingFilesPayload {
  organizationId: string
  keys: string[]
}

/**
 * An organization's deletion removes its rows in a transaction (the backgrounds cascade), but the
 * files live in the blob store, which no transaction covers. The keys of every rendition (each
 * width, AVIF and WebP) are read and queued in the deleting transaction, so the job exists exactly
 * when the deletion commits, never runs before it, and is retried after a crash or a store outage.
 * The stylesheet is a row (served from its `compiled` text), so it has no file to remove.
 */
export interface BrandingFilesQueue {
  /** Call in the transaction that deletes the organization, before the rows are gone. */
  requestRemoval(tx: Db, organizationId: string): Promise<void>
}

export function createBrandingFilesQueue(jobQueue: JobQueue): BrandingFilesQueue {
  return {
    async requestRemoval(tx, organizationId) {
      const rows = await createBrandingRepository(tx).backgroundsOf(organizationId)
      const keys = rows.flatMap((row) =>
        row.widths.flatMap((width) =>
          backgroundFormats.map((format) => backgroundBlobKey(organizationId, row.id, width, format)),
        ),
      )
      if (keys.length === 0) return
      const payload: BrandingFilesPayload = { organizationId, keys }
      await jobQueue.enqueue(brandingFilesKind, payload, {
        executor: tx,
        dedupeKey: `${brandingFilesKind}:${organizationId}`,
        maxAttempts: 10,
      })
    },
  }
}

/** Deletes the files; deleting a missing key succeeds, so a retry after a partial run is harmless. */
export function brandingFilesHandler(deps: Pick<Deps, 'blobs'>): JobHandler {
  return {
    kind: brandingFilesKind,
    async run(job) {
      const { keys } = job.payload as BrandingFilesPayload
      for (const key of keys) await deps.blobs.delete(key)
    },
  }
}
