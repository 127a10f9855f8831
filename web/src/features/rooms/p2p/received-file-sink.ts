import { createBlockHashList } from './block-hash-list.js'
import { readBlockSize } from './channel-protocol.js'
import type { ReceiveWorkerReply, ReceiveWorkerRequest } from './receive.worker.js'

/**
 * Where a receiver puts the bytes, hashing them on the way (the block hash list, the same
 * blocks by offset as the sender's). A worker writes them to the Origin
 * Private File System as they arrive (no prompt, works headless; only a handle stays in
 * memory); where that is unavailable (no OPFS, insecure origin) the chunks are kept and joined
 * into a Blob.
 */
export interface ReceivedFileSink {
  /** Takes the next chunk; the caller must not change it afterwards. */
  write(chunk: ArrayBuffer): void
  /** Waits for every write; the stored file and the hash (block hash list) of what was written. */
  finish(): Promise<{ file: Blob; sha256: string }>
  /** Keeps the first `blocks` blocks only; the next write is the file's byte `blocks × readBlockSize`. */
  truncate(blocks: number): void
  /** Drops what was written. */
  abort(): Promise<void>
  readonly onDisk: boolean
}

const directory = 'ferry-received'
/** Files left by pages that closed mid-transfer are removed when older than this. */
const staleAfterMs = 60 * 60 * 1000

/** Gathers chunks into `readBlockSize` blocks for `take`. */
function blockGatherer(take: (block: Uint8Array<ArrayBuffer>) => void) {
  let block = new Uint8Array(readBlockSize)
  let filled = 0
  const reset = () => {
    filled = 0
  }
  const flush = () => {
    if (filled === 0) return
    take(filled === block.byteLength ? block : block.slice(0, filled))
    block = new Uint8Array(readBlockSize)
    filled = 0
  }
  const write = (bytes: Uint8Array) => {
    let at = 0
    while (at < bytes.byteLength) {
      const n = Math.min(bytes.byteLength - at, block.byteLength - filled)
      block.set(bytes.subarray(at, at + n), filled)
      filled += n
      at += n
      if (filled === block.byteLength) flush()
    }
  }
  return { write, flush, reset }
}

function request<T extends ReceiveWorkerReply['kind']>(
  worker: Worker,
  message: ReceiveWorkerRequest,
  ...kinds: T[]
): Promise<Extract<ReceiveWorkerReply, { kind: T }>> {
  return new Promise((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<ReceiveWorkerReply>) => {
      if ((kinds as string[]).includes(event.data.kind)) resolve(event.data as Extract<ReceiveWorkerReply, { kind: T }>)
      else reject(new Error(event.data.kind))
    }
    worker.onerror = () => reject(new Error('The receive worker failed'))
    worker.postMessage(message)
  })
}

/** Each stored block's SHA-256 (hex), by index, for the resume bookkeeping (verified-blocks.ts). */
export type OnStoredBlock = (index: number, sha256: string) => void

const toHex = (digest: Uint8Array) => Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')

/** A sink for transfer `id` of `size` bytes (as announced) of this MIME type. */
export async function openReceivedFileSink(
  id: string,
  size: number,
  type: string,
  onBlock?: OnStoredBlock,
): Promise<ReceivedFileSink> {
  const onDigest = onBlock && ((index: number, digest: Uint8Array) => onBlock(index, toHex(digest)))
  let worker: Worker
  try {
    worker = new Worker(new URL('./receive.worker.ts', import.meta.url), { type: 'module' })
  } catch {
    return inlineSink(type, onDigest)
  }
  const name = `${id.replace(/[^A-Za-z0-9_-]/g, '_')}.part`
  const secure = window.isSecureContext && 'storage' in navigator
  const { onDisk } = secure
    ? await request(worker, { kind: 'open', directory, name, size, staleAfterMs }, 'opened')
    : { onDisk: false }
  if (!onDisk) {
    worker.terminate()
    return inlineSink(type, onDigest)
  }
  let finished = false
  const hashes = createBlockHashList(undefined, readBlockSize, onDigest)
  const gather = blockGatherer((block) => {
    // The digest reads the block at once, so the block can move to the worker right after.
    hashes.update(block)
    worker.postMessage(block.buffer, [block.buffer])
  })
  return {
    onDisk,
    write: (chunk) => gather.write(new Uint8Array(chunk)),
    truncate(blocks) {
      gather.reset()
      hashes.restart(blocks)
      worker.postMessage({ kind: 'rewind', to: blocks * readBlockSize } satisfies ReceiveWorkerRequest)
    },
    async finish() {
      gather.flush()
      await request(worker, { kind: 'finish' }, 'finished')
      worker.terminate()
      finished = true
      const sha256 = await hashes.digest()
      const root = await navigator.storage.getDirectory()
      const stored = await (await (await root.getDirectoryHandle(directory)).getFileHandle(name)).getFile()
      // A slice with the type: the same bytes on disk, no copy.
      return { file: stored.slice(0, stored.size, type), sha256 }
    },
    async abort() {
      if (!finished) {
        await request(worker, { kind: 'abort' }, 'aborted').catch(() => {})
        worker.terminate()
      } else {
        const root = await navigator.storage.getDirectory()
        await (await root.getDirectoryHandle(directory)).removeEntry(name).catch(() => {})
      }
    },
  }
}

/** No workers or no OPFS: keep the chunks in memory. */
function inlineSink(type: string, onDigest?: (index: number, digest: Uint8Array) => void): ReceivedFileSink {
  const hashes = createBlockHashList(undefined, readBlockSize, onDigest)
  let chunks: ArrayBuffer[] = []
  return {
    onDisk: false,
    write(chunk) {
      hashes.update(new Uint8Array(chunk))
      chunks.push(chunk)
    },
    truncate(blocks) {
      hashes.restart(blocks)
      let keep = blocks * readBlockSize
      const kept: ArrayBuffer[] = []
      for (const chunk of chunks) {
        if (keep <= 0) break
        kept.push(chunk.byteLength <= keep ? chunk : chunk.slice(0, keep))
        keep -= chunk.byteLength
      }
      chunks = kept
    },
    finish: async () => ({ file: new Blob(chunks, { type }), sha256: await hashes.digest() }),
    abort: async () => {
      chunks = []
    },
  }
}
