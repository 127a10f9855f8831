import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { BlobStore } from '../../../../adapters/blob-store/blob-store.js'

/**
 * A private folder in the system's temp space for one conversion, removed with all it holds when
 * `fn` settles (whatever the tool left there, LibreOffice's throwaway profile included).
 */
export async function withScratchDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ferry-preview-'))
  try {
    return await fn(dir)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * Copies a stored object into `file` (tools such as pdftoppm and LibreOffice need a seekable
 * file). The caller has checked its size against the limit; the copy never holds it in memory.
 */
export async function copyToScratch(blobs: Pick<BlobStore, 'read'>, key: string, file: string): Promise<void> {
  await pipeline(await blobs.read(key), createWriteStream(file, { flags: 'wx', mode: 0o600 }))
}
