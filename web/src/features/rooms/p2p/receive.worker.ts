import { bytesToHex } from '@noble/hashes/utils.js'
import { createBlockHashList } from './block-hash-list.js'
import { readBlockSize } from './channel-protocol.js'

/**
 * The receiver's worker: takes the data-channel chunks as they arrive (transferred, not
 * copied), gathers them into `readBlockSize` blocks, hashes each (the block hash list, the same
 * blocks by offset as the sender's; each block's digest goes back to the page for the resume
 * bookkeeping) and writes it to the Origin Private File System with a synchronous access handle
 * (workers only). The page's main thread does nothing per chunk but hand it over: the digests
 * (about 2 ms per MiB in Chromium, on the calling thread) and the copies no longer share that
 * thread with the data channel's messages and the page.
 *
 * The file is sized to the whole offer when it opens, and cut to what was written when it
 * finishes. Why: a write that extends the file asks the browser for room each time, and in
 * Chromium's private windows (in-memory OPFS, as in the benchmark) it also grows the stored
 * copy; measured on 256 MiB in 1 MiB writes, that took the browser 3.0 CPU-seconds against 1.5
 * with the file sized first. Where the room cannot be had at once (quota), the writes
 * extend the file as before.
 */
export type ReceiveWorkerRequest =
  | { kind: 'open'; directory: string; name: string; size: number; staleAfterMs: number }
  /** A resumed transfer: the next chunk is the file's block `block` (earlier blocks are kept). */
  | { kind: 'rewind'; block: number }
  | { kind: 'finish' }
  | { kind: 'abort' }
export type ReceiveWorkerReply =
  | { kind: 'opened'; onDisk: boolean }
  /** Block `index` is stored; its SHA-256 (hex). */
  | { kind: 'block'; index: number; sha256: string }
  /** Everything is written; the file hash (block hash list) of what was. */
  | { kind: 'finished'; sha256: string }
  | { kind: 'failed' }
  | { kind: 'aborted' }

interface SyncHandle {
  write(buffer: Uint8Array, options: { at: number }): number
  truncate(size: number): void
  flush(): void
  close(): void
}

let dir: FileSystemDirectoryHandle | null = null
let fileName = ''
let handle: SyncHandle | null = null
let offset = 0
let failed = false
const reply = (message: ReceiveWorkerReply) => self.postMessage(message)
const hashes = createBlockHashList(undefined, readBlockSize, (index, digest) =>
  reply({ kind: 'block', index, sha256: bytesToHex(digest) }),
)
const gather = blockGatherer((block) => {
  // The digest reads the block at once, so the write can follow.
  hashes.update(block)
  if (!handle || failed) return
  try {
    offset += handle.write(block, { at: offset })
  } catch {
    failed = true
  }
})

/** Gathers chunks into `readBlockSize` blocks for `take`; the last may be short (`flush`). */
function blockGatherer(take: (block: Uint8Array<ArrayBuffer>) => void) {
  // One buffer for every block: each is hashed and written before the next is gathered.
  const block = new Uint8Array(readBlockSize)
  let filled = 0
  const flush = () => {
    if (filled > 0) take(filled === block.byteLength ? block : block.subarray(0, filled))
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
  const reset = () => {
    filled = 0
  }
  return { write, flush, reset }
}

async function removeStale(directory: FileSystemDirectoryHandle, keep: string, staleAfterMs: number) {
  for await (const name of (directory as unknown as { keys(): AsyncIterable<string> }).keys()) {
    if (name === keep) continue
    try {
      const file = await (await directory.getFileHandle(name)).getFile()
      if (Date.now() - file.lastModified > staleAfterMs) await directory.removeEntry(name)
    } catch {
      // In use by another tab's worker, or gone.
    }
  }
}

async function finish() {
  gather.flush()
  try {
    // Every block's digest (and so its `block` reply) comes before the file hash.
    const sha256 = await hashes.digest()
    handle?.truncate(offset)
    handle?.flush()
    handle?.close()
    handle = null
    reply(failed ? { kind: 'failed' } : { kind: 'finished', sha256 })
  } catch {
    reply({ kind: 'failed' })
  }
}

async function open(request: Extract<ReceiveWorkerRequest, { kind: 'open' }>) {
  try {
    const root = await navigator.storage.getDirectory()
    dir = await root.getDirectoryHandle(request.directory, { create: true })
    fileName = request.name
    await removeStale(dir, fileName, request.staleAfterMs)
    const fileHandle = await dir.getFileHandle(fileName, { create: true })
    handle = await (fileHandle as unknown as { createSyncAccessHandle(): Promise<SyncHandle> }).createSyncAccessHandle()
    handle.truncate(0)
    try {
      handle.truncate(request.size)
    } catch {
      // No room for it all now: each write extends the file.
    }
    reply({ kind: 'opened', onDisk: true })
  } catch {
    handle = null
    reply({ kind: 'opened', onDisk: false })
  }
}

self.onmessage = (event: MessageEvent<ArrayBuffer | ReceiveWorkerRequest>) => {
  const data = event.data
  if (data instanceof ArrayBuffer) return gather.write(new Uint8Array(data))
  if (data.kind === 'open') void open(data)
  else if (data.kind === 'rewind') {
    // What follows overwrites what was there; `finish` cuts the file where the writes end.
    gather.reset()
    hashes.restart(data.block)
    offset = data.block * readBlockSize
    failed = false
  } else if (data.kind === 'finish') void finish()
  else if (data.kind === 'abort') {
    handle?.close()
    handle = null
    void (dir?.removeEntry(fileName).catch(() => {}) ?? Promise.resolve()).then(() => reply({ kind: 'aborted' }))
  }
}
