import { isValidPartNumber } from './blob-key.js'
import { BlobPartsMismatchError, type UploadedPart } from './blob-store.js'

/** ETags compare without their quotes (S3 hands them out quoted, clients may strip them). */
export function sameEtag(a: string, b: string): boolean {
  return stripQuotes(a) === stripQuotes(b)
}

export function stripQuotes(etag: string): string {
  return etag.replace(/^W\//, '').replaceAll('"', '')
}

/** The list given to completeMultipart: not empty, valid numbers, strictly ascending. */
export function assertPartOrder(parts: readonly UploadedPart[]): void {
  if (parts.length === 0) throw new BlobPartsMismatchError('A multipart upload needs at least one part')
  let previous = 0
  for (const part of parts) {
    if (!isValidPartNumber(part.partNumber)) {
      throw new BlobPartsMismatchError(`Invalid part number ${part.partNumber}`)
    }
    if (part.partNumber <= previous) {
      throw new BlobPartsMismatchError(`Part numbers must ascend: ${part.partNumber} follows ${previous}`)
    }
    previous = part.partNumber
  }
}
