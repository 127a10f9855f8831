import { bytesToHex } from '@noble/hashes/utils.js'
import { createBlockHashList } from './block-hash-list.js'
import { readBlockSize } from './channel-protocol.js'
import type { ReceiveWorkerReply, ReceiveWorkerRequest } from './receive.worker.js'

/**
 * Where a receiver puts the bytes, hashing them on the way (the block hash list, the same
 * blocks by offset as the sender's). A worker (receive.worker.ts) hashes them and writes them
 * to the Origin Private File System as they arrive (no prompt, works headless; only a handle
 * stays in memory); where that is unavailable (no OPFS, insecure origin) the chunks are hashed
 * here, kept and joined into a Blob.
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

/**
 * The page's side of the worker: `request` sends a message and waits for one of the reply
 * kinds; `block` replies (a stored block's digest) go to `onBlock` whenever they come.
 */
function workerLink(worker: Worker, onBlock?: OnStoredBlock) {
  let waiting: { kinds: string[]; resolve(reply: ReceiveWorkerReply): void; reject(error: Error): void } | null = null
  worker.onmessage = (event: MessageEvent<ReceiveWorkerReply>) => {
    const reply = event.data
    if (reply.kind === 'block') return onBlock?.(reply.index, reply.sha256)
    const current = waiting
    waiting = null
    if (current?.kinds.includes(reply.kind)) current.resolve(reply)
    else current?.reject(new Error(reply.kind))
  }
  worker.onerror = () => waiting?.reject(new Error('The receive worker failed'))
  return {
    request<T extends ReceiveWorkerReply['kind']>(
      message: ReceiveWorkerRequest,
      ...kinds: T[]
    ): Promise<Extract<ReceiveWorkerReply, { kind: T }>> {
      return new Promise((resolve, reject) => {
        waiting = { kinds, resolve: resolve as (reply: ReceiveWorkerReply) => void, reject }
        worker.postMessage(message)
      })
    },
  }
}

/** Each stored block's SHA-256 (hex), by index, for the resume bookkeeping (verified-blocks.ts). */
export type OnStoredBlock = (index: number, sha256: string) => void

/** A sink for transfer `id` of `size` bytes (as announced) of this MIME type. */
export async function openReceivedFileSink(
  id: string,
  size: number,
  type: string,
  onBlock?: OnStoredBlock,
): Promise<ReceivedFileSink> {
  const onDigest = onBlock && ((index: number, digest: Uint8Array) => onBlock(index, bytesToHex(digest)))
  let worker: Worker
  try {
    worker = new Worker(new URL('./receive.worker.ts', import.meta.url), { type: 'module' })
  } catch {
    return inlineSink(type, onDigest)
  }
  const link = workerLink(worker, onBlock)
  const name = `${id.replace(/[^A-Za-z0-9_-]/g, '_')}.part`
  const secure = window.isSecureContext && 'storage' in navigator
  const { onDisk } = secure
    ? await link.request({ kind: 'open', directory, name, size, staleAfterMs }, 'opened')
    : { onDisk: false }
  if (!onDisk) {
    worker.terminate()
    return inlineSink(type, onDigest)
  }
  let finished = false
  return {
    onDisk,
    // Handed over, not copied: the caller no longer reads the chunk.
    write: (chunk) => worker.postMessage(chunk, [chunk]),
    truncate: (blocks) => worker.postMessage({ kind: 'rewind', block: blocks } satisfies ReceiveWorkerRequest),
    async finish() {
      const { sha256 } = await link.request({ kind: 'finish' }, 'finished')
      worker.terminate()
      finished = true
      const root = await navigator.storage.getDirectory()
      const stored = await (await (await root.getDirectoryHandle(directory)).getFileHandle(name)).getFile()
      // A slice with the type: the same bytes on disk, no copy.
      return { file: stored.slice(0, stored.size, type), sha256 }
    },
    async abort() {
      if (!finished) {
        await link.request({ kind: 'abort' }, 'aborted').catch(() => {})
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
