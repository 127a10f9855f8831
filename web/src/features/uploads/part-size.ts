import { multipartThresholdBytes } from '@ferry/contracts/api/uploads'

export { partCount, partSizeFor, preferredPartBytes } from '@ferry/contracts/domain/upload-parts'

/** spec/transfers.md §7, §9: files over 100 MB go multipart; smaller ones use one presigned PUT. */
export function usesMultipart(fileSize: number): boolean {
  return fileSize > multipartThresholdBytes
}
