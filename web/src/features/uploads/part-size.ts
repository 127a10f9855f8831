import { maxParts, minPartBytes, multipartThresholdBytes } from '@ferry/contracts/api/uploads'

const mebibyte = 1024 * 1024

/** Parts this big keep six requests busy without per-request overhead (the benchmark's 6 × 16 MiB). */
export const preferredPartBytes = 16 * mebibyte

/** spec/transfers.md §7, §9: files over 100 MB go multipart; smaller ones use one presigned PUT. */
export function usesMultipart(fileSize: number): boolean {
  return fileSize > multipartThresholdBytes
}

/**
 * The part size for a multipart upload: 16 MiB, or more when that would need over 10 000 parts,
 * and never under the 5 MiB minimum S3 sets for every part but the last.
 */
export function partSizeFor(fileSize: number, preferred = preferredPartBytes): number {
  return Math.max(minPartBytes, preferred, Math.ceil(fileSize / maxParts))
}

/** How many parts `fileSize` makes at `partSize` (at least one). */
export function partCount(fileSize: number, partSize: number): number {
  return Math.max(1, Math.ceil(fileSize / partSize))
}
