import { link, lstat, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { type Clock, systemClock } from '../../clock.js'
import { assertValidBlobKey, assertValidPartNumber } from './blob-key.js'
import {
  BlobNotFoundError,
  BlobUploadNotFoundError,
  BlobUploadRejectedError,
  type LocalBlobStore,
  type ReceivedUpload,
  type SignedUpload,
  type SignOptions,
  type UploadGate,
  type UploadGateVerdict,
} from './blob-store.js'
import { createLocalDiskLayout, errorCode, partFileName } from './local-disk-layout.js'
import { createLocalDiskMultipart } from './local-disk-multipart.js'
import { fileEtag, openObjectStream, readManifest, writeManifest } from './local-disk-object.js'
import { createUploadSigner, type UploadClaims, uploadIdPattern } from './upload-signature.js'
import { tooLarge, toStorageError, writeLimitedBody } from './write-limited-body.js'

export interface LocalDiskBlobStoreOptions {
  /** The folder that holds everything (created when missing). */
  dir: string
  /** Ferry's public origin: upload URLs point at `${publicUrl}/blobs/<key>`. */
  publicUrl: string
  /** HMAC key for upload URLs, shared by every instance (at least 16 characters). */
  signingSecret: string
  clock?: Clock
}

/** A refusal of the gate as the route answers it: 409 for a claimed upload, 404 for a deleted one. */
function assertOpen(verdict: UploadGateVerdict): void {
  if (verdict === 'claimed') {
    throw new BlobUploadRejectedError(409, 'upload_claimed', 'This upload is part of a transfer; its URL is spent.')
  }
  if (verdict === 'gone') throw new BlobUploadRejectedError(404, 'upload_not_found', 'This upload no longer exists.')
}

/** Blobs in a folder on Ferry's disk; browsers PUT to Ferry's own `/blobs/*` route (see blobUploadRoutes). */
export function createLocalDiskBlobStore(options: LocalDiskBlobStoreOptions): LocalBlobStore {
  const layout = createLocalDiskLayout(options.dir)
  const signer = createUploadSigner(options.signingSecret)
  const clock = options.clock ?? systemClock
  const multipart = createLocalDiskMultipart(layout, () => clock.now())
  const base = `${options.publicUrl.replace(/\/+$/, '')}/blobs/`

  function sign(claims: Omit<UploadClaims, 'expiresAt' | 'maxBytes'>, signOptions: SignOptions): SignedUpload {
    const { expiresInSeconds, maxBytes, contentType } = signOptions
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw new TypeError(`Invalid maxBytes: ${maxBytes}`)
    if (!Number.isFinite(expiresInSeconds)) throw new TypeError(`Invalid expiresInSeconds: ${expiresInSeconds}`)
    if (contentType !== undefined && /[\r\n]/.test(contentType)) throw new TypeError('Invalid content type')
    const expiresAt = Math.floor(clock.now().getTime() / 1000 + expiresInSeconds)
    const query = signer.sign({ ...claims, maxBytes, expiresAt, contentType })
    return {
      url: `${base}${claims.key}?${query}`,
      headers: contentType === undefined ? {} : { 'Content-Type': contentType },
    }
  }

  async function receiveWhole(claims: UploadClaims, body: Readable, gate: UploadGate): Promise<{ etag: string }> {
    await layout.ensure()
    const staging = layout.temp('put')
    try {
      await mkdir(staging)
      const file = path.join(staging, partFileName(1))
      const size = await writeLimitedBody(body, file, claims.maxBytes)
      const etag = fileEtag(await stat(file, { bigint: true }))
      await writeManifest(staging, {
        version: 1,
        size,
        contentType: claims.contentType,
        etag,
        parts: [{ file: partFileName(1), size }],
      })
      // Checked again as it goes in place: a claim or delete while the body arrived wins.
      assertOpen(await gate.whileOpen({ key: claims.key }, () => layout.install(staging, claims.key)))
      return { etag }
    } catch (error) {
      await rm(staging, { recursive: true, force: true })
      throw toStorageError(error)
    }
  }

  return {
    kind: 'local',

    async signUpload(key, signOptions) {
      assertValidBlobKey(key)
      return sign({ key }, signOptions)
    },

    async receiveUpload({ key, query, contentLength, body }: ReceivedUpload, gate: UploadGate) {
      const verified = signer.verify(key, query, clock.now().getTime())
      if (!verified.ok) {
        throw verified.reason === 'expired'
          ? new BlobUploadRejectedError(403, 'upload_url_expired', 'This upload URL has expired.')
          : new BlobUploadRejectedError(403, 'upload_url_invalid', 'This upload URL is not valid.')
      }
      const { claims } = verified
      if (contentLength !== undefined && contentLength > claims.maxBytes) throw tooLarge(claims.maxBytes)
      const target = { key, uploadId: claims.uploadId }
      // Refused before a byte is read: a URL of a claimed or deleted upload is spent.
      assertOpen(await gate.check(target))
      if (claims.uploadId !== undefined && claims.partNumber !== undefined) {
        await layout.ensure()
        // No row lock around a part: it joins the file only through completion, which moves its
        // upload's folder away first, so a part arriving after that (or after an abort) finds
        // no folder and is refused. Claims take completed uploads only. Three fewer database
        // round trips per part (bench:upload: server CPU per GiB).
        return multipart.receivePart(key, claims.uploadId, claims.partNumber, body, claims.maxBytes)
      }
      return receiveWhole(claims, body, gate)
    },

    async createMultipart(key, { contentType }) {
      return { uploadId: await multipart.create(key, contentType) }
    },

    async signPart(key, uploadId, partNumber, signOptions) {
      assertValidBlobKey(key)
      assertValidPartNumber(partNumber)
      if (!uploadIdPattern.test(uploadId)) throw new BlobUploadNotFoundError(uploadId)
      return sign({ key, uploadId, partNumber }, { ...signOptions, contentType: undefined })
    },

    listParts: (key, uploadId) => multipart.listParts(key, uploadId),

    async completeMultipart(key, uploadId, parts) {
      await multipart.complete(key, uploadId, parts)
    },

    abortMultipart: (key, uploadId) => multipart.abort(key, uploadId),

    async write(key, body, { maxBytes, contentType }) {
      assertValidBlobKey(key)
      await layout.ensure()
      const staging = layout.temp('write')
      try {
        await mkdir(staging)
        const file = path.join(staging, partFileName(1))
        const size = await writeLimitedBody(body, file, maxBytes)
        const etag = fileEtag(await stat(file, { bigint: true }))
        await writeManifest(staging, { version: 1, size, contentType, etag, parts: [{ file: partFileName(1), size }] })
        await layout.install(staging, key)
        return { size }
      } catch (error) {
        await rm(staging, { recursive: true, force: true })
        throw toStorageError(error)
      }
    },

    async stat(key) {
      const manifest = await readManifest(layout.objectDir(key))
      return manifest && { size: manifest.size, contentType: manifest.contentType, etag: manifest.etag }
    },

    async copy(from, to) {
      const source = layout.objectDir(from)
      const manifest = await readManifest(source)
      if (!manifest) throw new BlobNotFoundError(from)
      await layout.ensure()
      // Hard links: no byte is copied, and nothing ever writes into a stored file (a new body is
      // a new file renamed into place), so the copy cannot change when the source is replaced.
      const staging = layout.temp('copy')
      try {
        await mkdir(staging)
        for (const part of manifest.parts) await link(path.join(source, part.file), path.join(staging, part.file))
        await writeManifest(staging, manifest)
        await layout.install(staging, to)
      } catch (error) {
        await rm(staging, { recursive: true, force: true })
        if (errorCode(error) === 'ENOENT') throw new BlobNotFoundError(from)
        throw toStorageError(error)
      }
    },

    async read(key, range) {
      const dir = layout.objectDir(key)
      const manifest = await readManifest(dir)
      if (!manifest) throw new BlobNotFoundError(key)
      return openObjectStream(dir, manifest, range)
    },

    async signDownload() {
      return null
    },

    async delete(key) {
      const dir = layout.objectDir(key)
      await layout.ensure()
      const trash = layout.temp('deleted')
      try {
        await rename(dir, trash)
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return
        throw error
      }
      await rm(trash, { recursive: true, force: true })
      await layout.prune(key)
    },

    async sweepScratch(before) {
      await layout.ensure()
      let swept = 0
      for (const name of await readdir(layout.tmp)) {
        const entry = path.join(layout.tmp, name)
        const stats = await lstat(entry).catch(() => null) // another instance swept it meanwhile
        if (!stats || stats.mtimeMs >= before.getTime()) continue
        await rm(entry, { recursive: true, force: true })
        swept++
      }
      return swept
    },

    async check() {
      await layout.ensure()
      const probe = layout.temp('check')
      await writeFile(probe, 'ok')
      await rm(probe, { force: true })
    },
  }
}
