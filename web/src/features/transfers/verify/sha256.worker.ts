/**
 * Hashes picked files off the main thread, so checking a multi-gigabyte download leaves the
 * page responsive. One request at a time: `{id, blob, start, end}` → progress, then the digest.
 */
import { sha256OfBlob } from './blob-sha256.js'

export interface HashRequest {
  id: number
  blob: Blob
  start: number
  end: number
}
export type HashReply =
  | { id: number; kind: 'progress'; done: number }
  | { id: number; kind: 'done'; sha256: string }
  | { id: number; kind: 'failed'; message: string }

self.onmessage = async (event: MessageEvent<HashRequest>) => {
  const { id, blob, start, end } = event.data
  try {
    const sha256 = await sha256OfBlob(blob, { start, end }, (done) =>
      self.postMessage({ id, kind: 'progress', done } satisfies HashReply),
    )
    self.postMessage({ id, kind: 'done', sha256 } satisfies HashReply)
  } catch (error) {
    self.postMessage({ id, kind: 'failed', message: String(error) } satisfies HashReply)
  }
}
