import { z } from 'zod'
import { BlobNotFoundError } from '../../adapters/blob-store/blob-store.js'
import type { Deps } from '../../deps.js'
import type { JobQueue } from '../../jobs/job-queue.js'
import { FinalJobError, type JobHandler } from '../../jobs/job-worker.js'
import { digestOf } from './file-digest.js'
import { createFileDigestsRepository } from './file-digests.repository.js'
import type { FileDigestQueue } from './file-digests.types.js'

export const fileDigestKind = 'file-digest'

const payloadSchema = z.object({ table: z.enum(['transfer', 'received']), fileId: z.uuid() })

export function createFileDigestQueue(queue: Pick<JobQueue, 'enqueue'>): FileDigestQueue {
  return {
    async enqueue(tx, table, fileIds) {
      for (const fileId of fileIds) {
        await queue.enqueue(
          fileDigestKind,
          { table, fileId },
          { executor: tx, dedupeKey: `${fileDigestKind}:${table}:${fileId}` },
        )
      }
    },
  }
}

/**
 * Reads a stored file through once, right after it was recorded, for its SHA-256 and CRC-32
 * (docs/decisions/0032). Parts of an upload arrive in parallel and out of order, so the whole
 * file's SHA-256 can only be taken after the last part: one pass, on whichever instance's worker
 * takes the job, the same on local disk and S3. A file whose bytes are gone, or whose length is not
 * the recorded size, gets no digest (the ZIP then computes CRCs as it streams, as before).
 */
export function fileDigestHandler(deps: Pick<Deps, 'blobs' | 'database' | 'logger'>): JobHandler {
  const repo = createFileDigestsRepository(deps.database.db)
  return {
    kind: fileDigestKind,
    async run(job) {
      const parsed = payloadSchema.safeParse(job.payload)
      if (!parsed.success) throw new FinalJobError('Malformed file-digest payload')
      const { table, fileId } = parsed.data
      const file = await repo.liveFile(table, fileId)
      if (!file || file.sha256) return
      let source: Awaited<ReturnType<typeof deps.blobs.read>>
      try {
        source = await deps.blobs.read(file.fileKey)
      } catch (error) {
        if (error instanceof BlobNotFoundError) throw new FinalJobError(`File ${fileId} has no bytes in the store`)
        throw error
      }
      const digest = await digestOf(source)
      if (digest.size !== file.fileSize) {
        throw new FinalJobError(`File ${fileId} has ${digest.size} bytes in the store, ${file.fileSize} recorded`)
      }
      await repo.save(table, fileId, digest)
    },
  }
}
