import {
  listPartsResponse,
  type MultipartCreateRequest,
  multipartCompleteResponse,
  multipartCreateResponse,
  type PresignRequest,
  type PresignResponse,
  presignResponse,
  signPartResponse,
  type UploadedPart,
  uploadPaths,
} from '@ferry/contracts/api/uploads'
import type { ApiClient } from '../../../lib/api-client.js'
import { toUploadError, UploadError, type UploadErrorCode } from '../upload-error.js'

export interface MultipartRef {
  uploadId: string
  key: string
}

/** The upload endpoints of spec/transfers.md §7; every failure is an UploadError with that step's code. */
export interface UploadsApi {
  presign(request: PresignRequest, signal?: AbortSignal): Promise<PresignResponse>
  createMultipart(request: MultipartCreateRequest, signal?: AbortSignal): Promise<MultipartRef>
  signPart(
    ref: MultipartRef & { partNumber: number },
    signal?: AbortSignal,
  ): Promise<{ url: string; headers: Record<string, string> }>
  listParts(ref: MultipartRef, signal?: AbortSignal): Promise<UploadedPart[]>
  completeMultipart(ref: MultipartRef & { parts: UploadedPart[] }, signal?: AbortSignal): Promise<{ location: string }>
  /** spec/transfers.md §7: errors ignored. */
  abortMultipart(ref: MultipartRef): Promise<void>
}

async function step<T>(code: UploadErrorCode, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw toUploadError(code, error)
  }
}

function hasUrl(body: unknown): boolean {
  return (
    !!body &&
    typeof body === 'object' &&
    typeof (body as { url?: unknown }).url === 'string' &&
    !!(body as { url: string }).url
  )
}

export function createUploadsApi(client: Pick<ApiClient, 'post'>): UploadsApi {
  return {
    async presign(request, signal) {
      const body = await step('presign_failed', () => client.post<unknown>(uploadPaths.presign, request, { signal }))
      if (!hasUrl(body)) throw new UploadError('presign_no_url')
      const parsed = presignResponse.safeParse(body)
      if (!parsed.success) throw new UploadError('presign_failed')
      return parsed.data
    },

    createMultipart: (request, signal) =>
      step('multipart_create_failed', () =>
        client.post(uploadPaths.multipartCreate, request, { signal, schema: multipartCreateResponse }),
      ),

    signPart: (ref, signal) =>
      step('sign_part_failed', () =>
        client.post(uploadPaths.multipartSignPart, ref, { signal, schema: signPartResponse }),
      ),

    // No message of its own in spec/transfers.md §8: resuming is part of uploading the file.
    listParts: (ref, signal) =>
      step('upload_failed', async () => {
        const { parts } = await client.post(uploadPaths.multipartListParts, ref, { signal, schema: listPartsResponse })
        return parts
      }),

    completeMultipart: (ref, signal) =>
      step('multipart_complete_failed', () =>
        client.post(uploadPaths.multipartComplete, ref, { signal, schema: multipartCompleteResponse }),
      ),

    async abortMultipart(ref) {
      await client.post(uploadPaths.multipartAbort, ref).catch(() => undefined)
    },
  }
}
