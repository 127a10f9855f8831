import { presignRequest, type UploadedPart } from '@ferry/contracts/api/uploads'
import { createPartSigner } from '@ferry/contracts/domain/part-signer'
import type { AwsS3Part, AwsS3UploadParameters, UploadResult } from '@uppy/aws-s3'
import type { Body, Meta, UppyFile } from '@uppy/core'
import type { MultipartRef, UploadsApi } from './api/uploads-api.js'
import { partCount, partSizeFor } from './part-size.js'
import { UploadError } from './upload-error.js'

type File = UppyFile<Meta, Body>

export interface S3HooksDeps {
  api: UploadsApi
  /** Set on the upload-request page: the keys can then only be claimed by that link. */
  requestId?: string
  /** The key a single PUT will store under. */
  onPresigned(fileId: string, key: string): void
  /** A multipart upload was opened; false when the file is gone meanwhile (it is then aborted). */
  onMultipartCreated(fileId: string, ref: MultipartRef): boolean
  /** The server no longer knows the multipart upload: the next try starts a new one. */
  onMultipartLost(fileId: string): void
}

/** A content type the server accepts, or '' (stored as application/octet-stream). */
export function uploadContentType(type: string | undefined): string {
  return type && presignRequest.shape.content_type.safeParse(type).success ? type : ''
}

/**
 * Uppy's AwsS3 hooks mapped onto Ferry's endpoints (spec/transfers.md §7). Aborting on the server is left
 * to the engine: Uppy also aborts after a failed part, which would throw away the parts a resume
 * needs.
 */
export function createS3Hooks(deps: S3HooksDeps) {
  const { api } = deps
  const signer = createPartSigner((ref) => api.signParts(ref))
  const target = (file: File) => ({
    filename: file.name ?? 'file',
    content_type: uploadContentType(file.type),
    // Required: the server signs the URL for exactly this size and counts it against the sender's limits.
    file_size: file.size ?? 0,
    ...(deps.requestId === undefined ? {} : { request_id: deps.requestId }),
  })
  const partsOf = (parts: AwsS3Part[]): UploadedPart[] =>
    parts
      .map((part) => ({ PartNumber: part.PartNumber ?? 0, ETag: part.ETag ?? '' }))
      .sort((a, b) => a.PartNumber - b.PartNumber)

  return {
    async getUploadParameters(file: File, options: { signal?: AbortSignal }): Promise<AwsS3UploadParameters> {
      const presigned = await api.presign(target(file), options.signal)
      deps.onPresigned(file.id, presigned.file_key)
      return { method: 'PUT', url: presigned.url, headers: presigned.headers }
    },

    async createMultipartUpload(file: File, signal?: AbortSignal): Promise<UploadResult> {
      // Each part URL is signed for exactly its share: the parts Uppy cuts (getChunkSize) must be these.
      const { parts, ...ref } = await api.createMultipart(
        { ...target(file), part_size: partSizeFor(file.size ?? 0) },
        signal,
      )
      if (deps.onMultipartCreated(file.id, ref)) signer.seed(ref, parts)
      else void api.abortMultipart(ref)
      return ref
    },

    async signPart(
      file: File,
      {
        uploadId,
        key,
        partNumber,
        signal,
      }: { uploadId: string; key: string; partNumber: number; signal?: AbortSignal },
    ): Promise<AwsS3UploadParameters> {
      const size = file.size ?? 0
      const signed = await signer.sign({ uploadId, key }, partNumber, partCount(size, partSizeFor(size)), signal)
      return { method: 'PUT', url: signed.url, headers: signed.headers }
    },

    async listParts(
      file: File,
      { uploadId, key, signal }: UploadResult & { signal?: AbortSignal },
    ): Promise<AwsS3Part[]> {
      try {
        return await api.listParts({ uploadId: uploadId ?? '', key }, signal)
      } catch (error) {
        const status = error instanceof UploadError ? error.failure.status : undefined
        if (status === 404 || status === 410) {
          signer.forget(uploadId ?? '')
          deps.onMultipartLost(file.id)
          throw new UploadError('upload_failed', { ...(error as UploadError).failure, retryable: true })
        }
        throw error
      }
    },

    async completeMultipartUpload(
      _file: File,
      { uploadId, key, parts, signal }: { uploadId: string; key: string; parts: AwsS3Part[]; signal: AbortSignal },
    ): Promise<{ location?: string }> {
      const done = await api.completeMultipart({ uploadId, key, parts: partsOf(parts) }, signal)
      signer.forget(uploadId)
      return done
    },

    async abortMultipartUpload(): Promise<void> {},
  }
}
