import { sha256OfBlob } from './blob-sha256.js'
import type { BlobHasher } from './check-downloads.js'
import type { HashReply, HashRequest } from './sha256.worker.js'

/**
 * A BlobHasher that hashes in a worker (the page stays responsive), or on the page where workers
 * cannot start. `dispose` ends the worker.
 */
export function createWorkerHasher(): { hash: BlobHasher; dispose(): void } {
  let worker: Worker | null = null
  try {
    worker = new Worker(new URL('./sha256.worker.ts', import.meta.url), { type: 'module' })
  } catch {
    worker = null
  }
  let next = 0
  const hash: BlobHasher = (blob, range, onProgress) => {
    if (!worker) return sha256OfBlob(blob, range, onProgress)
    const id = ++next
    const running = worker
    return new Promise<string>((resolve, reject) => {
      const onMessage = (event: MessageEvent<HashReply>) => {
        const reply = event.data
        if (reply.id !== id) return
        if (reply.kind === 'progress') return onProgress(reply.done)
        running.removeEventListener('message', onMessage)
        if (reply.kind === 'done') resolve(reply.sha256)
        else reject(new Error(reply.message))
      }
      running.addEventListener('message', onMessage)
      running.postMessage({ id, blob, start: range.start, end: range.end } satisfies HashRequest)
    })
  }
  return { hash, dispose: () => worker?.terminate() }
}
