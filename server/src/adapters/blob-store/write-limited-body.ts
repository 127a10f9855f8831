import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { finished, type Readable } from 'node:stream'
import { BlobStorageFullError, BlobUploadRejectedError } from './blob-store.js'
import { errorCode } from './local-disk-layout.js'

const MiB = 1024 * 1024

/**
 * Streams `body` into a new file at `file`, at most `maxBytes` of it. On any failure (too
 * large, client gone, disk full) the file is removed and the error rethrown, ENOSPC as
 * BlobStorageFullError and an overrun as a 413 BlobUploadRejectedError. `body` is left open
 * (not destroyed), so the caller can still answer the request.
 *
 * Piped, not iterated: several parts arrive at once and the CPU is the limit, and an async
 * iterator costs a few promises per 64 KiB chunk (about a fifth more server CPU than a pipe,
 * bench:upload). `pipe` never destroys its source, which keeps the request answerable.
 */
export async function writeLimitedBody(body: Readable, file: string, maxBytes: number): Promise<number> {
  const out = createWriteStream(file, { flags: 'wx', highWaterMark: MiB })
  // Only a file this call created is removed on failure ('wx' refuses one that was there).
  let created = false
  out.once('open', () => {
    created = true
  })
  let received = 0
  const count = (chunk: Buffer) => {
    received += chunk.length
    if (received > maxBytes) out.destroy(tooLarge(maxBytes))
  }
  body.on('data', count)
  body.pipe(out)
  const watching: (() => void)[] = []
  try {
    await new Promise<void>((resolve, reject) => {
      watching.push(finished(out, (error) => (error ? reject(error) : resolve())))
      // The client gone (or the body failing) ends the file too.
      watching.push(finished(body, (error) => error && out.destroy(error)))
    })
    return received
  } catch (error) {
    // Stops the flow (unpipe pauses the body), so what is left of it stays for the caller.
    body.unpipe(out)
    if (created) await rm(file, { force: true })
    throw toStorageError(error)
  } finally {
    body.off('data', count)
    for (const stopWatching of watching) stopWatching()
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
