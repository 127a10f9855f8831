import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, rmdir } from 'node:fs/promises'
import path from 'node:path'
import { assertValidBlobKey } from './blob-key.js'

/**
 * Where the local driver keeps things under its directory:
 * - `objects/<key>~/`: one object: `manifest.json` and its part files (`00001`, ...).
 *   `~` cannot occur in a key, so an object's folder never collides with a key's path segment.
 * - `uploads/<uploadId>/`: a multipart upload in progress: `upload.json` and its part files.
 * - `tmp/`: bodies being received and folders being assembled, replaced or deleted.
 * Everything sits on one filesystem, so every move into place is an atomic rename.
 */
export function createLocalDiskLayout(dir: string) {
  const root = path.resolve(dir)
  const objects = path.join(root, 'objects')
  const uploads = path.join(root, 'uploads')
  const tmp = path.join(root, 'tmp')
  let ready: Promise<void> | undefined

  return {
    tmp,
    /** Creates the three folders once (and again after a failure). */
    ensure(): Promise<void> {
      ready ??= Promise.all([objects, uploads, tmp].map((d) => mkdir(d, { recursive: true }))).then(
        () => undefined,
        (error) => {
          ready = undefined
          throw error
        },
      )
      return ready
    },
    objectDir(key: string): string {
      assertValidBlobKey(key)
      return `${path.join(objects, ...key.split('/'))}~`
    },
    /** The caller has checked `uploadId` against `uploadIdPattern`. */
    uploadDir: (uploadId: string) => path.join(uploads, uploadId),
    temp: (purpose: string) => path.join(tmp, `${purpose}-${randomBytes(12).toString('hex')}`),

    /** Moves a finished folder to the object's place, replacing an older object of the key. */
    async install(folder: string, key: string): Promise<void> {
      const target = this.objectDir(key)
      const replaced: string[] = []
      try {
        for (let attempt = 0; ; attempt++) {
          await mkdir(path.dirname(target), { recursive: true })
          try {
            await rename(folder, target)
            return
          } catch (error) {
            if (attempt >= 5) throw error
            const code = errorCode(error)
            // ENOENT: a delete pruned the (empty) parent folder between mkdir and rename.
            if (code === 'ENOTEMPTY' || code === 'EEXIST') {
              const trash = this.temp('replaced')
              await rename(target, trash).then(
                () => replaced.push(trash),
                (e) => ignoreCode(e, 'ENOENT'),
              )
            } else if (code !== 'ENOENT') throw error
          }
        }
      } finally {
        await Promise.all(replaced.map((trash) => rm(trash, { recursive: true, force: true })))
      }
    },

    /** Removes the empty folders a deleted key leaves between `objects/` and its place. */
    async prune(key: string): Promise<void> {
      let folder = path.dirname(this.objectDir(key))
      while (folder.startsWith(`${objects}${path.sep}`)) {
        try {
          await rmdir(folder)
        } catch {
          return
        }
        folder = path.dirname(folder)
      }
    },
  }
}

export type LocalDiskLayout = ReturnType<typeof createLocalDiskLayout>

/** The part file name for a part number: fixed width, so names sort by number. */
export const partFileName = (partNumber: number) => String(partNumber).padStart(5, '0')
export const partFilePattern = /^\d{5}$/

export function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code
}

export function ignoreCode(error: unknown, ...codes: string[]): void {
  const code = errorCode(error)
  if (code === undefined || !codes.includes(code)) throw error
}
