import { maxParts, minPartBytes } from '../api/uploads.js'

const mebibyte = 1024 * 1024

/** Parts this big keep six requests busy without per-request overhead (the benchmark's 6 × 16 MiB). */
export const preferredPartBytes = 16 * mebibyte

/**
 * The part size for a multipart upload: 16 MiB, or more when that would need over 10 000 parts,
 * and never under the 5 MiB minimum S3 sets for every part but the last. The server assumes it
 * when multipart/create names no part_size, and signs each part for exactly its share.
 */
export function partSizeFor(fileSize: number, preferred = preferredPartBytes): number {
  return Math.max(minPartBytes, preferred, Math.ceil(fileSize / maxParts))
}

/** How many parts `fileSize` makes at `partSize` (at least one). */
export function partCount(fileSize: number, partSize: number): number {
  return Math.max(1, Math.ceil(fileSize / partSize))
}

/** The exact size of part `partNumber` (from 1): `partSize`, the rest for the last; 0 past the end. */
export function partBytes(fileSize: number, partSize: number, partNumber: number): number {
  if (partNumber > partCount(fileSize, partSize)) return 0
  return Math.min(partSize, fileSize - (partNumber - 1) * partSize)
}
