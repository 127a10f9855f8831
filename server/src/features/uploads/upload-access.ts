import type { UploadGateVerdict } from '../../adapters/blob-store/blob-store.js'
import { AppError } from '../../errors.js'
import type { PendingUploadRow } from './uploads.repository.js'

/** Who is calling an upload endpoint: a signed-in user, or a visitor known by address only. */
export interface UploadCaller {
  userId: string | null
  /** The client address (visitors are rate-limited by it). */
  ip: string
}

/** Who may claim uploaded keys: a sender's transfer, or an upload to a request link. */
export type UploadOwner = { userId: string } | { requestId: string }

export const uploadNotFound = () => new AppError('upload_not_found', 404)

/**
 * The multipart upload `uploadId` of `key`, if the caller may act on it: a user's upload only
 * by that user; a visitor's by whoever holds its key and upload id, both long random values
 * only the uploader was given.
 */
export function assertCallerMayUse(
  row: PendingUploadRow | undefined,
  caller: UploadCaller,
  uploadId: string,
): PendingUploadRow {
  if (!row || row.uploadId === null || row.uploadId !== uploadId) throw uploadNotFound()
  if (row.userId !== null && row.userId !== caller.userId) throw new AppError('upload_forbidden', 403)
  return row
}

/** Keys of a request-link upload are claimed only by that link; a sender's only by the sender. */
export function ownerMayClaim(owner: UploadOwner, row: PendingUploadRow): boolean {
  if ('requestId' in owner) return row.requestId === owner.requestId
  return row.requestId === null && row.userId === owner.userId
}

/**
 * Whether a PUT to a signed URL may still store bytes (H-1: URLs are single-use): a whole-file
 * PUT while its upload is unclaimed (a retry of the same PUT replaces it), a part while its
 * multipart upload is in progress. A claimed or deleted upload takes nothing more.
 */
export function uploadGateVerdict(
  row: PendingUploadRow | undefined,
  target: { key: string; uploadId?: string },
): UploadGateVerdict {
  if (!row) return 'gone'
  if (row.status === 'claimed') return 'claimed'
  if (target.uploadId === undefined) return row.uploadId === null ? 'open' : 'gone'
  return row.uploadId === target.uploadId && row.status === 'pending' ? 'open' : 'gone'
}
