import { describe, expect, it } from 'vitest'
import { ApiError, networkErrorMessage } from '../../lib/api-error.js'
import { toUploadError, UploadError, uploadFailureOf } from './upload-error.js'

const xhrError = (status: number, responseText = '', message = 'Non 2xx') =>
  Object.assign(new Error(message), { source: { status, responseText } })

describe('toUploadError', () => {
  it('keeps the status, code and detail of a failed API call', () => {
    const error = toUploadError('sign_part_failed', new ApiError(403, 'Not your upload.', 'forbidden'))
    expect(error).toBeInstanceOf(UploadError)
    expect((error as UploadError).failure).toEqual({
      code: 'sign_part_failed',
      status: 403,
      serverCode: 'forbidden',
      detail: 'Not your upload.',
      retryable: false,
    })
  })

  it('marks unreachable servers and server errors retryable', () => {
    const down = toUploadError('presign_failed', new ApiError(0, networkErrorMessage, 'network_error')) as UploadError
    expect(down.failure.retryable).toBe(true)
    const busy = toUploadError('multipart_create_failed', new ApiError(503, 'Busy')) as UploadError
    expect(busy.failure.retryable).toBe(true)
  })

  it('lets aborts through untouched', () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError')
    expect(toUploadError('sign_part_failed', abort)).toBe(abort)
  })

  it('wraps anything else without a detail', () => {
    expect((toUploadError('presign_failed', new TypeError('boom')) as UploadError).failure).toEqual({
      code: 'presign_failed',
      retryable: false,
    })
  })
})

describe('uploadFailureOf', () => {
  it('reads the hook failures back', () => {
    expect(uploadFailureOf(new UploadError('presign_no_url'))).toEqual({ code: 'presign_no_url', retryable: false })
  })

  it('reads a failed PUT of the bytes', () => {
    const tooLarge = xhrError(413, JSON.stringify({ detail: 'The upload is larger than declared.', code: 'too_large' }))
    expect(uploadFailureOf(tooLarge)).toEqual({
      code: 'upload_failed',
      status: 413,
      serverCode: 'too_large',
      detail: 'The upload is larger than declared.',
      retryable: false,
    })
  })

  it('retries a PUT that reached nobody, failed on the server, or whose URL expired', () => {
    expect(uploadFailureOf(xhrError(0, '', 'Unknown error'))).toMatchObject({
      status: 0,
      serverCode: 'network_error',
      retryable: true,
    })
    expect(uploadFailureOf(xhrError(502, '<html>Bad gateway</html>'))).toMatchObject({ status: 502, retryable: true })
    const expired = xhrError(
      403,
      JSON.stringify({ detail: 'This upload URL has expired.', code: 'upload_url_expired' }),
    )
    expect(uploadFailureOf(expired)).toMatchObject({ status: 403, retryable: true })
    expect(uploadFailureOf(xhrError(403, '', 'Request has expired'))).toMatchObject({ retryable: true })
  })

  it('keeps the message of anything else', () => {
    expect(uploadFailureOf(new Error('Cannot upload to an undefined URL'))).toEqual({
      code: 'upload_failed',
      detail: 'Cannot upload to an undefined URL',
      retryable: false,
    })
    expect(uploadFailureOf('weird')).toEqual({ code: 'upload_failed', detail: undefined, retryable: false })
  })
})
