/**
 * The receiver's worker: writes each block to the Origin Private File System with a
 * synchronous access handle (workers only), so the page's main thread does nothing but gather
 * data-channel chunks into blocks (and start their native digests).
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
  /** The next write is the file's byte `to` (a resumed transfer). */
  | { kind: 'rewind'; to: number }
  | { kind: 'finish' }
  | { kind: 'abort' }
export type ReceiveWorkerReply =
  | { kind: 'opened'; onDisk: boolean }
  | { kind: 'finished' }
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
  if (data instanceof ArrayBuffer) {
    if (handle && !failed) {
      try {
        offset += handle.write(new Uint8Array(data), { at: offset })
      } catch {
        failed = true
      }
    }
    return
  }
  if (data.kind === 'open') void open(data)
  else if (data.kind === 'rewind') {
    // What follows overwrites what was there; `finish` cuts the file where the writes end.
    offset = data.to
    failed = false
  } else if (data.kind === 'finish') {
    try {
      handle?.truncate(offset)
      handle?.flush()
      handle?.close()
      handle = null
      reply(failed ? { kind: 'failed' } : { kind: 'finished' })
    } catch {
      reply({ kind: 'failed' })
    }
  } else if (data.kind === 'abort') {
    handle?.close()
    handle = null
    void (dir?.removeEntry(fileName).catch(() => {}) ?? Promise.resolve()).then(() => reply({ kind: 'aborted' }))
  }
}
