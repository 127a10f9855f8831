import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { LocalFile } from './scan.js'

/**
 * What is remembered of one file's upload between runs, so an interrupted `ferry send` sends only
 * what is missing when it is run again. A multipart upload keeps its id, key, part size and the
 * parts that finished with their ETags; a whole-file upload (small files) only its key once done.
 */
export type UploadState =
  | {
      kind: 'multipart'
      uploadId: string
      key: string
      partSize: number
      /** Finished parts: part number → the ETag the PUT answered. */
      parts: Record<string, string>
    }
  | { kind: 'whole'; key: string }

interface StateFile {
  version: 1
  server: string
  path: string
  size: number
  mtimeMs: number
  upload: UploadState
}

/**
 * The state of one file's upload to one server, kept in `<dir>/<hash>.json` where the hash is of
 * the server, the file's path, size and modification time: a file changed since (new size or
 * mtime) finds no state and starts afresh. Saves are serialised and atomic (write, then rename),
 * so a kill at any moment leaves the last complete state.
 */
export function uploadStateStore(dir: string, server: string, file: LocalFile) {
  const id = createHash('sha256')
    .update(JSON.stringify([server, file.path, file.size, file.mtimeMs]))
    .digest('hex')
    .slice(0, 32)
  const location = path.join(dir, `${id}.json`)
  let queue: Promise<unknown> = Promise.resolve()

  async function write(upload: UploadState): Promise<void> {
    const content: StateFile = {
      version: 1,
      server,
      path: file.path,
      size: file.size,
      mtimeMs: file.mtimeMs,
      upload,
    }
    await mkdir(dir, { recursive: true, mode: 0o700 })
    const temporary = `${location}.${process.pid}.tmp`
    await writeFile(temporary, JSON.stringify(content), { mode: 0o600 })
    await rename(temporary, location)
  }

  return {
    location,
    async load(): Promise<UploadState | undefined> {
      let text: string
      try {
        text = await readFile(location, 'utf8')
      } catch {
        return undefined
      }
      try {
        const content = JSON.parse(text) as StateFile
        const same =
          content.version === 1 &&
          content.server === server &&
          content.path === file.path &&
          content.size === file.size &&
          content.mtimeMs === file.mtimeMs
        return same ? content.upload : undefined
      } catch {
        // A state file that cannot be read is as good as none: the file is sent again.
        return undefined
      }
    },
    /** Saves a copy of `upload` after the saves asked for before it. */
    save(upload: UploadState): Promise<void> {
      const snapshot = structuredClone(upload)
      const next = queue.then(() => write(snapshot))
      queue = next.catch(() => {})
      return next
    },
    async clear(): Promise<void> {
      await queue
      await rm(location, { force: true })
    },
  }
}

export type UploadStateStore = ReturnType<typeof uploadStateStore>
