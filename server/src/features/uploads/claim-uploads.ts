import type { BlobStore } from '../../adapters/blob-store/blob-store.js'
import { AppError, badRequest } from '../../errors.js'
import { ownerMayClaim, type UploadOwner, uploadNotFound } from './upload-access.js'
import { createUploadsRepository, type DbExecutor } from './uploads.repository.js'

/** An uploaded file, as the store holds it, now owned by the caller's transfer or request upload. */
export interface ClaimedUpload {
  key: string
  fileName: string
  contentType: string
  /** The stored object's real size, not what the client declared. */
  size: number
}

/**
 * Claims uploaded keys inside the caller's transaction: each must exist, belong to `owner`,
 * be fully uploaded (the object is stat'ed) and not be claimed yet; they are then marked
 * claimed, so a key makes one transfer. Throws AppError (404, 403, 409, 413) for the first file
 * at fault, claiming none of them. Rows stay locked until `tx` ends.
 */
export async function claimUploads(
  blobs: Pick<BlobStore, 'stat'>,
  tx: DbExecutor,
  owner: UploadOwner,
  keys: readonly string[],
): Promise<ClaimedUpload[]> {
  if (keys.length === 0) return []
  if (new Set(keys).size !== keys.length) throw badRequest('The same uploaded file is listed twice.')
  const repo = createUploadsRepository(tx)
  const rows = new Map((await repo.lockMany([...keys])).map((row) => [row.key, row]))
  const checked = keys.map((key) => {
    const row = rows.get(key)
    if (!row) throw uploadNotFound()
    if (!ownerMayClaim(owner, row)) throw new AppError('upload_forbidden', 403)
    if (row.status === 'claimed')
      throw new AppError('upload_claimed', 409, `${row.fileName}: already part of a transfer.`)
    if (row.uploadId !== null && row.status !== 'uploaded') throw incomplete(row.fileName)
    return row
  })
  const stats = await Promise.all(checked.map((row) => blobs.stat(row.key)))
  const claimed = checked.map((row, i): ClaimedUpload => {
    const stat = stats[i]
    if (!stat) throw incomplete(row.fileName)
    if (row.maxBytes !== null && stat.size > row.maxBytes) {
      throw new AppError('payload_too_large', 413, `${row.fileName} is larger than the ${row.maxBytes} bytes allowed.`)
    }
    return { key: row.key, fileName: row.fileName, contentType: row.contentType, size: stat.size }
  })
  await repo.markClaimed([...keys])
  return claimed
}

const incomplete = (fileName: string) =>
  new AppError('upload_incomplete', 409, `${fileName} has not finished uploading.`)
