/**
 * Where a receiver puts the bytes. In the Origin Private File System the file goes to disk as
 * it arrives (no prompt, works headless) and only a handle stays in memory; where OPFS is
 * missing (old browsers, insecure origins) the chunks are kept and joined into a Blob.
 */
export interface ReceivedFileSink {
  /** Takes a chunk; `chunk` may be reused by nobody else afterwards. */
  write(chunk: ArrayBuffer): void
  /** Waits for every write, returns the stored file. */
  close(): Promise<Blob>
  /** Drops what was written. */
  abort(): Promise<void>
  readonly onDisk: boolean
}

const directoryName = 'ferry-received'
/** Writes are gathered into blocks of this size: one disk write per ~1 MiB, not per 16 KiB chunk. */
const flushSize = 1024 * 1024
/** Files left by pages that closed mid-transfer are removed when older than this. */
const staleAfterMs = 60 * 60 * 1000

async function receivedDirectory(): Promise<FileSystemDirectoryHandle | null> {
  try {
    if (!window.isSecureContext || !navigator.storage?.getDirectory) return null
    const root = await navigator.storage.getDirectory()
    return await root.getDirectoryHandle(directoryName, { create: true })
  } catch {
    return null
  }
}

async function removeStale(dir: FileSystemDirectoryHandle, keep: string) {
  const entries = (dir as unknown as { keys(): AsyncIterable<string> }).keys()
  for await (const name of entries) {
    if (name === keep) continue
    try {
      const file = await (await dir.getFileHandle(name)).getFile()
      if (Date.now() - file.lastModified > staleAfterMs) await dir.removeEntry(name)
    } catch {
      // Another tab is using or removing it.
    }
  }
}

function memorySink(type: string): ReceivedFileSink {
  let chunks: ArrayBuffer[] = []
  return {
    onDisk: false,
    write: (chunk) => void chunks.push(chunk),
    close: async () => new Blob(chunks, { type }),
    abort: async () => {
      chunks = []
    },
  }
}

function opfsSink(
  dir: FileSystemDirectoryHandle,
  name: string,
  type: string,
  writable: FileSystemWritableFileStream,
): ReceivedFileSink {
  let pending: Uint8Array[] = []
  let pendingBytes = 0
  let chain: Promise<void> = Promise.resolve()
  let failure: unknown = null
  const flush = () => {
    if (pendingBytes === 0) return
    const block = new Uint8Array(pendingBytes)
    let offset = 0
    for (const part of pending) {
      block.set(part, offset)
      offset += part.byteLength
    }
    pending = []
    pendingBytes = 0
    chain = chain
      .then(() => writable.write(block))
      .catch((error) => {
        failure ??= error
      })
  }
  return {
    onDisk: true,
    write(chunk) {
      pending.push(new Uint8Array(chunk))
      pendingBytes += chunk.byteLength
      if (pendingBytes >= flushSize) flush()
    },
    async close() {
      flush()
      await chain
      if (failure) throw failure
      await writable.close()
      const file = await (await dir.getFileHandle(name)).getFile()
      // A slice with the type: the same bytes on disk, no copy.
      return file.slice(0, file.size, type)
    },
    async abort() {
      pending = []
      await chain
      await writable.abort().catch(() => {})
      await dir.removeEntry(name).catch(() => {})
    },
  }
}

/** A sink for transfer `id` of this MIME type: on disk when the browser allows, else in memory. */
export async function openReceivedFileSink(id: string, type: string): Promise<ReceivedFileSink> {
  const dir = await receivedDirectory()
  if (!dir) return memorySink(type)
  const name = `${id.replace(/[^A-Za-z0-9_-]/g, '_')}.part`
  try {
    await removeStale(dir, name)
    const handle = await dir.getFileHandle(name, { create: true })
    const writable = await handle.createWritable({ keepExistingData: false })
    return opfsSink(dir, name, type, writable)
  } catch {
    return memorySink(type)
  }
}
