import type { UploadEngine } from '../upload-engine.js'
import type { UploadQueueSnapshot } from '../upload-queue-state.js'

const MiB = 1024 * 1024

/** A file whose every MiB differs, so a part sent twice or out of order changes the hash. */
export function patternFile(
  name: string,
  mebibytes: number,
  type = 'application/octet-stream',
  lastModified = 1_700_000_000_000,
): File {
  const chunks = Array.from({ length: mebibytes }, (_, i) => new Uint8Array(MiB).fill(i % 251))
  return new File(chunks, name, { type, lastModified })
}

export async function sha256(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer())
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Resolves with the first snapshot that passes `check` (it looks at each one the engine publishes). */
export function waitFor(engine: UploadEngine, check: (s: UploadQueueSnapshot) => boolean, timeoutMs = 10_000) {
  return new Promise<UploadQueueSnapshot>((resolve, reject) => {
    // A deadline for the wait, which the snapshot ends, not a pause.
    const timer = setTimeout(() => {
      stop()
      reject(new Error(`Timed out; last snapshot: ${JSON.stringify(engine.getSnapshot().items)}`))
    }, timeoutMs)
    const poll = () => {
      const snapshot = engine.getSnapshot()
      if (!check(snapshot)) return
      clearTimeout(timer)
      stop()
      resolve(snapshot)
    }
    const stop = engine.subscribe(poll)
    poll()
  })
}
