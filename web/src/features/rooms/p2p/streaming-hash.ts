import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { readBlockSize } from './channel-protocol.js'

/** An incremental SHA-256 of bytes as they stream by. */
export interface StreamingHash {
  /** Copies `bytes`: the caller may reuse or send them right after. */
  update(bytes: Uint8Array): void
  digest(): Promise<string>
  dispose(): void
}

/**
 * Gathers bytes into 1 MiB blocks and hashes them in a Web Worker (the data channel's main
 * thread only copies); without workers it hashes inline.
 */
export function createStreamingHash(): StreamingHash {
  let worker: Worker | null = null
  try {
    worker = new Worker(new URL('./sha256.worker.ts', import.meta.url), { type: 'module' })
  } catch {
    worker = null
  }
  if (!worker) return inlineHash()
  const hashWorker = worker
  let block = new Uint8Array(readBlockSize)
  let filled = 0
  const flush = () => {
    if (filled === 0) return
    const full = filled === block.byteLength ? block : block.slice(0, filled)
    hashWorker.postMessage(full.buffer, [full.buffer])
    block = new Uint8Array(readBlockSize)
    filled = 0
  }
  return {
    update(bytes) {
      let offset = 0
      while (offset < bytes.byteLength) {
        const take = Math.min(bytes.byteLength - offset, block.byteLength - filled)
        block.set(bytes.subarray(offset, offset + take), filled)
        filled += take
        offset += take
        if (filled === block.byteLength) flush()
      }
    },
    digest() {
      flush()
      return new Promise((resolve, reject) => {
        hashWorker.onmessage = (event: MessageEvent<string>) => resolve(event.data)
        hashWorker.onerror = () => reject(new Error('The hash worker failed'))
        hashWorker.postMessage('digest')
      })
    },
    dispose: () => hashWorker.terminate(),
  }
}

function inlineHash(): StreamingHash {
  const hash = sha256.create()
  return {
    update: (bytes) => void hash.update(bytes),
    digest: async () => bytesToHex(hash.digest()),
    dispose: () => {},
  }
}
