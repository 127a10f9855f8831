import type { UploadedPart } from '@ferry/contracts/api/uploads'
import { partsSignedAtCreate } from '@ferry/contracts/domain/part-signer'
import { partBytes, partSizeFor } from '@ferry/contracts/domain/upload-parts'
import type { uploadPartBytes } from '@uppy/aws-s3'
import { ApiError, networkErrorMessage } from '../../../lib/api-error.js'
import type { MultipartRef, UploadsApi } from '../api/uploads-api.js'
import { toUploadError, type UploadErrorCode } from '../upload-error.js'

interface StoredUpload {
  key: string
  fileSize: number
  partSize: number
  parts: Map<number, { blob: Blob; etag: string }>
  aborted: boolean
}

type PartBytesOptions = Parameters<uploadPartBytes>[0]

/**
 * Ferry's upload endpoints and storage in memory, for engine tests: records every call, stores
 * what is PUT, and can go down (nothing answers) or refuse a step. Like the server, it needs
 * each file's size and signs every URL for exactly its share (S3's signed Content-Length): a
 * body of another size is refused.
 */
export function createFakeUploadServer() {
  const objects = new Map<string, Blob>()
  const uploads = new Map<string, StoredUpload>()
  const calls: { op: string; body: unknown }[] = []
  const partPuts: number[] = []
  const refusals = new Map<string, ApiError>()
  let down = false
  let counter = 0
  let putsInFlight = 0
  /** While set, PUTs wait for it before answering (to pause or remove mid-flight). */
  let gate: Promise<void> | null = null

  async function answer<T>(op: string, body: unknown, code: UploadErrorCode, run: () => T): Promise<T> {
    calls.push({ op, body })
    await Promise.resolve()
    try {
      if (down) throw new ApiError(0, networkErrorMessage, 'network_error')
      const refusal = refusals.get(op)
      if (refusal) throw refusal
      return run()
    } catch (error) {
      throw toUploadError(code, error)
    }
  }

  const sizeOf = (size: number | undefined) => {
    if (size === undefined) throw new ApiError(400, 'The file size is required.', 'validation_failed')
    return size
  }

  const upload = (ref: MultipartRef) => {
    const found = uploads.get(ref.uploadId)
    if (!found || found.aborted || found.key !== ref.key) throw new ApiError(404, 'No such upload.', 'upload_not_found')
    return found
  }

  const api: UploadsApi = {
    presign: (request) =>
      answer('presign', request, 'presign_failed', () => {
        const size = sizeOf(request.file_size)
        const key = `k${++counter}`
        return {
          url: `mem://put/${key}?size=${size}`,
          file_key: key,
          headers: { 'Content-Type': request.content_type || 'x/y' },
        }
      }),
    createMultipart: (request) =>
      answer('create', request, 'multipart_create_failed', () => {
        const fileSize = sizeOf(request.file_size)
        const ref = { uploadId: `u${++counter}`, key: `k${counter}` }
        const partSize = request.part_size ?? partSizeFor(fileSize)
        uploads.set(ref.uploadId, { key: ref.key, fileSize, partSize, parts: new Map(), aborted: false })
        // As the server: the first parts come signed with the upload.
        return {
          ...ref,
          parts: partsSignedAtCreate(fileSize, partSize).map((n) =>
            signedPart(ref.uploadId, n, partBytes(fileSize, partSize, n)),
          ),
        }
      }),
    signParts: (ref) =>
      answer('sign', ref, 'sign_part_failed', () => {
        const { fileSize, partSize } = upload(ref)
        return ref.partNumbers.map((partNumber) => {
          const size = partBytes(fileSize, partSize, partNumber)
          if (size === 0 && partNumber > 1) throw new ApiError(400, 'Past the end.', 'upload_part_out_of_range')
          return signedPart(ref.uploadId, partNumber, size)
        })
      }),
    listParts: (ref) =>
      answer('list', ref, 'upload_failed', () =>
        [...upload(ref).parts].map(([n, part]) => ({ PartNumber: n, ETag: part.etag, Size: part.blob.size })),
      ),
    completeMultipart: (ref) =>
      answer('complete', ref, 'multipart_complete_failed', () => {
        const stored = upload(ref)
        const parts = ref.parts as UploadedPart[]
        const blobs = parts.map((p) => {
          const part = stored.parts.get(p.PartNumber)
          if (!part || part.etag !== p.ETag) throw new ApiError(400, `Part ${p.PartNumber} does not match.`, 'bad_part')
          return part.blob
        })
        objects.set(ref.key, new Blob(blobs))
        uploads.delete(ref.uploadId)
        return { location: `/blobs/${ref.key}` }
      }),
    async abortMultipart(ref) {
      calls.push({ op: 'abort', body: ref })
      const found = uploads.get(ref.uploadId)
      if (found) found.aborted = true
    },
  }

  const networkError = () => Object.assign(new Error('Unknown error'), { source: { status: 0, responseText: '' } })

  /** Stands in for Uppy's XMLHttpRequest PUT: half the progress, then (unless down) the rest. */
  const putBytes = (async (options: PartBytesOptions) => {
    putsInFlight++
    try {
      return await put(options)
    } finally {
      putsInFlight--
    }
  }) as uploadPartBytes

  async function put({ signature, body, onProgress, onComplete, signal }: PartBytesOptions) {
    const blob = body as Blob
    const url = signature.url
    if (gate) await gate
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError')
    if (down) throw networkError()
    onProgress({ loaded: Math.floor(blob.size / 2), lengthComputable: true })
    // Not a wait for anything: the rest of the body arrives in a later task, as over a network.
    await new Promise((resolve) => setTimeout(resolve, 1))
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError')
    if (down) throw networkError()
    const signedSize = Number(new URL(url).searchParams.get('size'))
    if (blob.size !== signedSize) {
      throw Object.assign(new Error('Non 2xx'), { source: { status: 403, responseText: 'SignatureDoesNotMatch' } })
    }
    const etag = `"e-${url}-${blob.size}"`
    const part = /^mem:\/\/part\/([^/]+)\/(\d+)\?/.exec(url)
    if (part) {
      const stored = uploads.get(part[1] ?? '')
      if (!stored || stored.aborted) {
        throw Object.assign(new Error('Non 2xx'), { source: { status: 404, responseText: '{"detail":"gone"}' } })
      }
      const partNumber = Number(part[2])
      partPuts.push(partNumber)
      stored.parts.set(partNumber, { blob, etag })
    } else {
      objects.set(url.replace('mem://put/', '').replace(/\?.*$/, ''), blob)
    }
    onProgress({ loaded: blob.size, lengthComputable: true })
    onComplete(etag)
    return { ETag: etag }
  }

  return {
    api,
    putBytes,
    objects,
    uploads,
    calls,
    /** Part numbers in the order their PUTs were stored. */
    partPuts,
    ops: () => calls.map((c) => c.op),
    /** PUTs started and not answered yet. */
    putsInFlight: () => putsInFlight,
    setDown(value: boolean) {
      down = value
    },
    refuse(op: string, error: ApiError | null) {
      if (error) refusals.set(op, error)
      else refusals.delete(op)
    },
    hold(): () => void {
      let release = () => {}
      gate = new Promise((resolve) => {
        release = () => {
          gate = null
          resolve()
        }
      })
      return release
    },
  }
}

function signedPart(uploadId: string, partNumber: number, size: number) {
  return { partNumber, url: `mem://part/${uploadId}/${partNumber}?size=${size}`, headers: {} }
}
