import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { BlobStorageFullError, BlobUploadRejectedError } from './blob-store.js'
import { errorCode } from './local-disk-layout.js'

const MiB = 1024 * 1024

/**
 * Streams `body` into a new file at `file`, at most `maxBytes` of it. On any failure (too
 * large, client gone, disk full) the file is removed and the error rethrown, ENOSPC as
 * BlobStorageFullError and an overrun as a 413 BlobUploadRejectedError. `body` is left open
 * (not destroyed), so the caller can still answer the request.
 */
export async function writeLimitedBody(body: Readable, file: string, maxBytes: number): Promise<number> {
  let received = 0
  async function* limited() {
    for await (const chunk of body.iterator({ destroyOnReturn: false })) {
      received += (chunk as Buffer).length
      if (received > maxBytes) throw tooLarge(maxBytes)
      yield chunk as Buffer
    }
  }
  try {
    await pipeline(limited, createWriteStream(file, { flags: 'wx', highWaterMark: MiB }))
    return received
  } catch (error) {
    await rm(file, { force: true })
    throw toStorageError(error)
  }
}

export function tooLarge(maxBytes: number): BlobUploadRejectedError {
  return new BlobUploadRejectedError(413, 'payload_too_large', `The body is larger than the ${maxBytes} bytes allowed.`)
}

/** ENOSPC and EDQUOT become BlobStorageFullError; anything else passes through. */
export function toStorageError(error: unknown): unknown {
  const code = errorCode(error)
  return code === 'ENOSPC' || code === 'EDQUOT' ? new BlobStorageFullError({ cause: error }) : error
}
