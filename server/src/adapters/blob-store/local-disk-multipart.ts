import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { assertValidBlobKey, minPartBytes } from './blob-key.js'
import {
  BlobPartsMismatchError,
  BlobUploadNotFoundError,
  BlobUploadRejectedError,
  type UploadedPart,
} from './blob-store.js'
import { errorCode, ignoreCode, type LocalDiskLayout, partFileName, partFilePattern } from './local-disk-layout.js'
import { fileEtag, type Manifest, multipartEtag, writeManifest } from './local-disk-object.js'
import { assertPartOrder, sameEtag } from './multipart-parts.js'
import { uploadIdPattern } from './upload-signature.js'
import { toStorageError, writeLimitedBody } from './write-limited-body.js'

interface UploadInfo {
  key: string
  contentType?: string
  createdAt: string
}

const infoName = 'upload.json'
/** Uploads whose key is kept in memory for their parts; the oldest is forgotten first. */
const maxUploadsRemembered = 1_000

/** Multipart uploads on local disk: parts sit in `uploads/<id>/` until completion moves the folder. */
export function createLocalDiskMultipart(layout: LocalDiskLayout, now: () => Date) {
  /**
   * The key of each upload a part was received for lately, so later parts skip reading
   * `upload.json` (four file operations a part, bench:upload: server CPU per GiB). An upload's key
   * never changes; that it is still in progress is checked by the part's final rename into its
   * folder, and completion and abort forget it here.
   */
  const keysOfParts = new Map<string, string>()

  /** The upload's folder, or BlobUploadNotFoundError when it is not in progress for `key`. */
  async function openUpload(key: string, uploadId: string): Promise<{ dir: string; info: UploadInfo }> {
    assertValidBlobKey(key)
    if (!uploadIdPattern.test(uploadId)) throw new BlobUploadNotFoundError(uploadId)
    const dir = layout.uploadDir(uploadId)
    const info = await readInfo(dir)
    if (!info || info.key !== key) throw new BlobUploadNotFoundError(uploadId)
    return { dir, info }
  }

  /** The folder a part of `uploadId` goes to: `openUpload` the first time, then from memory. */
  async function partsFolder(key: string, uploadId: string): Promise<string> {
    if (keysOfParts.get(uploadId) === key) return layout.uploadDir(uploadId)
    const { dir } = await openUpload(key, uploadId)
    if (keysOfParts.size >= maxUploadsRemembered) keysOfParts.delete(keysOfParts.keys().next().value!)
    keysOfParts.set(uploadId, key)
    return dir
  }

  /** The parts in `dir`, by part number; stats in parallel (completion waits for all 64 of a 1 GiB upload). */
  async function storedParts(dir: string): Promise<UploadedPart[]> {
    const names = (await readdir(dir)).filter((name) => partFilePattern.test(name)).sort()
    const parts = await Promise.all(
      names.map(async (name): Promise<UploadedPart | undefined> => {
        try {
          const stats = await stat(path.join(dir, name), { bigint: true })
          return { partNumber: Number(name), etag: fileEtag(stats), size: Number(stats.size) }
        } catch (error) {
          ignoreCode(error, 'ENOENT')
          return undefined
        }
      }),
    )
    return parts.filter((part) => part !== undefined)
  }

  return {
    async create(key: string, contentType?: string): Promise<string> {
      assertValidBlobKey(key)
      await layout.ensure()
      const uploadId = randomBytes(16).toString('hex')
      const dir = layout.uploadDir(uploadId)
      const info: UploadInfo = { key, contentType, createdAt: now().toISOString() }
      try {
        await writeFileIn(dir, infoName, JSON.stringify(info))
      } catch (error) {
        await rm(dir, { recursive: true, force: true })
        throw toStorageError(error)
      }
      return uploadId
    },

    /** Stores a part; refused (404) when the upload is not in progress, before its body or after it. */
    async receivePart(key: string, uploadId: string, partNumber: number, body: Readable, maxBytes: number) {
      const dir = await partsFolder(key, uploadId).catch((error) => {
        if (error instanceof BlobUploadNotFoundError) throw uploadGone(uploadId)
        throw error
      })
      const temp = layout.temp('part')
      await writeLimitedBody(body, temp, maxBytes)
      try {
        const stats = await stat(temp, { bigint: true })
        // Fails with ENOENT once completion or an abort moved the folder away.
        await rename(temp, path.join(dir, partFileName(partNumber)))
        return { etag: fileEtag(stats) }
      } catch (error) {
        await rm(temp, { force: true })
        // The upload was aborted or completed while this part was arriving.
        throw errorCode(error) === 'ENOENT' ? uploadGone(uploadId) : error
      }
    },

    async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
      const { dir } = await openUpload(key, uploadId)
      return storedParts(dir)
    },

    async complete(key: string, uploadId: string, parts: UploadedPart[]): Promise<string> {
      assertPartOrder(parts)
      keysOfParts.delete(uploadId)
      const { dir, info } = await openUpload(key, uploadId)
      // Moving the folder aside first makes completion exclusive: parts arriving now, a second
      // complete or an abort all find the upload gone.
      const staging = layout.temp('complete')
      await rename(dir, staging).catch((error) => {
        throw errorCode(error) === 'ENOENT' ? new BlobUploadNotFoundError(uploadId) : error
      })
      let stored: Map<number, UploadedPart>
      let manifest: Manifest
      try {
        stored = new Map((await storedParts(staging)).map((p) => [p.partNumber, p]))
        const chosen = checkParts(parts, stored)
        manifest = {
          version: 1,
          size: chosen.reduce((sum, p) => sum + p.size, 0),
          contentType: info.contentType,
          etag: multipartEtag(chosen.map((p) => p.etag)),
          parts: chosen.map((p) => ({ file: partFileName(p.partNumber), size: p.size })),
        }
        await writeManifest(staging, manifest)
        await layout.install(staging, key)
      } catch (error) {
        // Put the upload back as it was, so the client can fix its part list or abort.
        await rename(staging, dir).catch(() => rm(staging, { recursive: true, force: true }))
        throw toStorageError(error)
      }
      // Only the manifest is read from now on: what it does not list is clutter, safe to leave on failure.
      const listed = new Set(parts.map((p) => p.partNumber))
      const unlisted = [...stored.keys()].filter((n) => !listed.has(n)).map(partFileName)
      const target = layout.objectDir(key)
      await Promise.all(
        [infoName, ...unlisted].map((name) => rm(path.join(target, name), { force: true }).catch(() => {})),
      )
      return manifest.etag
    },

    async abort(key: string, uploadId: string): Promise<void> {
      keysOfParts.delete(uploadId)
      const { dir } = await openUpload(key, uploadId)
      const trash = layout.temp('aborted')
      await rename(dir, trash).catch((error) => {
        throw errorCode(error) === 'ENOENT' ? new BlobUploadNotFoundError(uploadId) : error
      })
      await rm(trash, { recursive: true, force: true })
    },
  }
}

/** The stored parts the list names, each checked: present, same ETag, big enough unless last. */
function checkParts(parts: UploadedPart[], stored: Map<number, UploadedPart>) {
  return parts.map((part, index) => {
    const found = stored.get(part.partNumber)
    if (!found) throw new BlobPartsMismatchError(`Part ${part.partNumber} was not uploaded`)
    if (!sameEtag(found.etag, part.etag)) {
      throw new BlobPartsMismatchError(`Part ${part.partNumber} has ETag ${found.etag}, not ${part.etag}`)
    }
    const size = found.size ?? 0
    if (index < parts.length - 1 && size < minPartBytes) {
      throw new BlobPartsMismatchError(
        `Part ${part.partNumber} has ${size} bytes; every part but the last needs at least ${minPartBytes}`,
      )
    }
    return { partNumber: part.partNumber, etag: found.etag, size }
  })
}

async function readInfo(dir: string): Promise<UploadInfo | null> {
  try {
    return JSON.parse(await readFile(path.join(dir, infoName), 'utf8')) as UploadInfo
  } catch (error) {
    ignoreCode(error, 'ENOENT', 'ENOTDIR')
    return null
  }
}

async function writeFileIn(dir: string, name: string, content: string): Promise<void> {
  await mkdir(dir)
  await writeFile(path.join(dir, name), content)
}

function uploadGone(uploadId: string): BlobUploadRejectedError {
  return new BlobUploadRejectedError(404, 'upload_not_found', `Multipart upload ${uploadId} is not in progress.`)
}
