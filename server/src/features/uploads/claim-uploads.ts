import { BlobNotFoundError, type BlobStat, type BlobStore } from '../../adapters/blob-store/blob-store.js'
import type { DbExecutor } from '../../db/database.js'
import { AppError, badRequest } from '../../errors.js'
import { ownerMayClaim, type UploadOwner, uploadNotFound } from './upload-access.js'
import { claimedKeyOf } from './upload-keys.js'
import { createUploadsRepository, type PendingUploadRow } from './uploads.repository.js'

/** An uploaded file, as the store holds it, now owned by the caller's transfer or request upload. */
export interface ClaimedUpload {
  /** Where the claimant finds the bytes (for a single PUT, not the key the upload URL named). */
  key: string
  fileName: string
  contentType: string
  /** The stored object's real size, not what the client declared. */
  size: number
}

export interface ClaimContext {
  blobs: Pick<BlobStore, 'stat' | 'copy' | 'delete'>
  /** Claimed rows are kept (their URLs refused, late bytes swept) at least until then. */
  spentUntil: Date
}

/**
 * Claims uploaded keys inside the caller's transaction: each must exist, belong to `owner`,
 * be fully uploaded and not be claimed yet; they are then marked claimed, so a key makes one
 * transfer. Throws AppError (404, 403, 409, 413) for the first file at fault, claiming none of
 * them. Rows stay locked until `tx` ends.
 *
 * H-1, why the bytes move: a single-PUT URL stays valid for an hour and S3 cannot be told that
 * it is spent, so the object is copied inside the store to a key no URL was signed for
 * (hard links on local disk) and its size is read there; what a late PUT writes to the old key
 * reaches nobody and is deleted with the claimed row. A multipart object stays where it is: its
 * part URLs die with the upload id at completion (S3 answers NoSuchUpload; the local driver 404).
 * Copying rather than recording the ETag keeps downloads a plain redirect, with no check that
 * a PUT could race.
 */
export async function claimUploads(
  ctx: ClaimContext,
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
  const placed = await Promise.all(checked.map((row) => place(ctx.blobs, row)))
  const claimed = checked.map((row, i): ClaimedUpload => {
    const { key, stat } = placed[i]!
    if (!stat) throw incomplete(row.fileName)
    if (row.maxBytes !== null && stat.size > row.maxBytes) {
      throw new AppError('payload_too_large', 413, `${row.fileName} is larger than the ${row.maxBytes} bytes allowed.`)
    }
    return { key, fileName: row.fileName, contentType: row.contentType, size: stat.size }
  })
  for (const [i, row] of checked.entries()) await repo.markClaimed(row.key, claimed[i]!.key, ctx.spentUntil)
  return claimed
}

/** The key the claimant will read, with the object's stat there (null: nothing was uploaded). */
async function place(
  blobs: ClaimContext['blobs'],
  row: PendingUploadRow,
): Promise<{ key: string; stat: BlobStat | null }> {
  if (row.uploadId !== null) return { key: row.key, stat: await blobs.stat(row.key) }
  const key = claimedKeyOf(row.key)
  try {
    await blobs.copy(row.key, key)
    await blobs.delete(row.key)
  } catch (error) {
    // Not there: never uploaded, or a claim that rolled back after copying it (then it is at `key`).
    if (!(error instanceof BlobNotFoundError)) throw error
  }
  return { key, stat: await blobs.stat(key) }
}

const incomplete = (fileName: string) =>
  new AppError('upload_incomplete', 409, `${fileName} has not finished uploading.`)
