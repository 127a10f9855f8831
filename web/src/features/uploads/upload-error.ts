import { isApiError, networkErrorMessage, parseErrorBody } from '../../lib/api-error.js'
import { isRetryableStatus } from './retry-policy.js'

/** The upload failures of spec/transfers.md §8, each with its own message in the `uploads` namespace. */
export type UploadErrorCode =
  | 'presign_failed'
  | 'presign_no_url'
  | 'upload_failed'
  | 'multipart_create_failed'
  | 'sign_part_failed'
  | 'multipart_complete_failed'

/** What went wrong with one file, in a shape the UI translates. */
export interface UploadFailure {
  code: UploadErrorCode
  /** HTTP status; 0 when nothing answered; absent when no request failed. */
  status?: number
  /** The server's error code, which the `errors` namespace may translate. */
  serverCode?: string
  /** The server's (English) message, shown when there is no translation. */
  detail?: string
  /** Whether trying again may succeed without anyone changing anything. */
  retryable: boolean
}

export interface UploadErrorInit {
  status?: number
  serverCode?: string
  detail?: string
  retryable?: boolean
}

/** A failure in one step of an upload, thrown from the Uppy hooks and read back in upload-error. */
export class UploadError extends Error {
  readonly failure: UploadFailure

  constructor(code: UploadErrorCode, init: UploadErrorInit = {}) {
    super(init.detail ? `${code}: ${init.detail}` : code)
    this.name = 'UploadError'
    this.failure = { code, ...init, retryable: init.retryable ?? isRetryableStatus(init.status) }
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

/** A failed API call as an UploadError of `code`; aborts pass through so Uppy still sees an abort. */
export function toUploadError(code: UploadErrorCode, error: unknown): unknown {
  if (isAbortError(error) || error instanceof UploadError) return error
  if (isApiError(error)) {
    return new UploadError(code, { status: error.status, serverCode: error.code, detail: error.detail })
  }
  return new UploadError(code)
}

interface XhrLike {
  status?: number
  responseText?: string
}

function xhrOf(error: unknown): XhrLike | undefined {
  const source = error && typeof error === 'object' ? (error as { source?: unknown }).source : undefined
  return source && typeof source === 'object' ? (source as XhrLike) : undefined
}

function readText(xhr: XhrLike): string {
  try {
    return typeof xhr.responseText === 'string' ? xhr.responseText : ''
  } catch {
    return ''
  }
}

/**
 * Reads whatever Uppy reports in upload-error: our own UploadError from a hook, or the error of a
 * PUT of the bytes (which carries the XMLHttpRequest as `source`).
 */
export function uploadFailureOf(error: unknown): UploadFailure {
  if (error instanceof UploadError) return error.failure
  const xhr = xhrOf(error)
  if (xhr && typeof xhr.status === 'number') {
    if (xhr.status === 0) {
      return {
        code: 'upload_failed',
        status: 0,
        serverCode: 'network_error',
        detail: networkErrorMessage,
        retryable: true,
      }
    }
    const { detail, code } = parseErrorBody(readText(xhr))
    // A signed URL that timed out is fine again once signed anew.
    const expired = code === 'upload_url_expired' || (error instanceof Error && error.message === 'Request has expired')
    return {
      code: 'upload_failed',
      status: xhr.status,
      serverCode: code,
      detail,
      retryable: expired || isRetryableStatus(xhr.status),
    }
  }
  const detail = error instanceof Error && error.message ? error.message : undefined
  return { code: 'upload_failed', detail, retryable: false }
}
