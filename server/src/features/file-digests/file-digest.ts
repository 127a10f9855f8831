import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import { crc32 } from 'node:zlib'

/** What Ferry knows of a stored file's bytes once they were read through once. */
export interface FileDigest {
  /** Lowercase hex. */
  sha256: string
  /** Unsigned. */
  crc32: number
  /** Bytes read: the caller checks it against the size it expected. */
  size: number
}

/**
 * Reads `source` to its end once, computing SHA-256 (what the share page shows and the browser
 * checks) and CRC-32 (what a ZIP entry needs) on the same pass; nothing is held beyond a chunk.
 */
export async function digestOf(source: Readable): Promise<FileDigest> {
  const sha = createHash('sha256')
  let crc = 0
  let size = 0
  for await (const chunk of source) {
    const bytes = chunk as Buffer
    sha.update(bytes)
    crc = crc32(bytes, crc)
    size += bytes.length
  }
  return { sha256: sha.digest('hex'), crc32: crc >>> 0, size }
}
