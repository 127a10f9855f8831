import type {
  MultipartCreateRequest,
  MultipartCreateResponse,
  PresignRequest,
  PresignResponse,
  SignedPart,
  UploadedPart,
} from '@ferry/contracts/api/uploads'
import { uploadsApi as routes } from '@ferry/contracts/routes/uploads'
import { ZodError } from 'zod'
import type { ApiClient } from '../../../lib/api-client.js'
import { toUploadError, UploadError, type UploadErrorCode } from '../upload-error.js'

export interface MultipartRef {
  uploadId: string
  key: string
}

/** The upload endpoints of spec/transfers.md §7; every failure is an UploadError with that step's code. */
export interface UploadsApi {
  presign(request: PresignRequest, signal?: AbortSignal): Promise<PresignResponse>
  /** The upload, with its first parts' URLs signed with it. */
  createMultipart(request: MultipartCreateRequest, signal?: AbortSignal): Promise<MultipartCreateResponse>
  /** URLs for several parts in one call (at most maxPartsPerSigning), in the order asked. */
  signParts(ref: MultipartRef & { partNumbers: number[] }, signal?: AbortSignal): Promise<SignedPart[]>
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

/** Whether a presign answer failed its schema for want of a URL (spec/transfers.md §8 tells that apart). */
const missesUrl = (error: unknown) => error instanceof ZodError && error.issues.some((issue) => issue.path[0] === 'url')

export function createUploadsApi(client: Pick<ApiClient, 'call'>): UploadsApi {
  return {
    async presign(request, signal) {
      const body = await step('presign_failed', () =>
        client.call(routes.presign, { body: request }, { signal }).catch((error: unknown) => {
          throw missesUrl(error) ? new UploadError('presign_no_url') : error
        }),
      )
      if (!body.url) throw new UploadError('presign_no_url')
      return body
    },

    createMultipart: (request, signal) =>
      step('multipart_create_failed', () => client.call(routes.multipartCreate, { body: request }, { signal })),

    signParts: (ref, signal) =>
      step('sign_part_failed', async () => {
        const { parts } = await client.call(routes.multipartSignParts, { body: ref }, { signal })
        return parts
      }),

    // No message of its own in spec/transfers.md §8: resuming is part of uploading the file.
    listParts: (ref, signal) =>
      step('upload_failed', async () => {
        const { parts } = await client.call(routes.multipartListParts, { body: ref }, { signal })
        return parts
      }),

    completeMultipart: (ref, signal) =>
      step('multipart_complete_failed', () => client.call(routes.multipartComplete, { body: ref }, { signal })),

    async abortMultipart(ref) {
      await client.call(routes.multipartAbort, { body: ref }).catch(() => undefined)
    },
  }
}
