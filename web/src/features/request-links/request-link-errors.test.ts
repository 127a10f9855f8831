import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-error.js'
import {
  createLinkFailure,
  requestLoadFailure,
  requestLoadFailureState,
  requestUploadFailure,
} from './request-link-errors.js'

describe('requestLoadFailure (spec/transfers.md §8 request page load)', () => {
  it('maps 404 and 410 to their own messages whatever the server says', () => {
    expect(requestLoadFailure(new ApiError(404, 'gone', 'request_not_found'))).toEqual({ key: 'page.errors.notFound' })
    expect(requestLoadFailure(new ApiError(410, 'old', 'request_expired'))).toEqual({ key: 'page.errors.expired' })
  })

  it('says the server could not be reached on a network failure', () => {
    expect(requestLoadFailure(new ApiError(0, 'x', 'network_error'))).toEqual({ key: 'page.errors.network' })
  })

  it("shows another status's detail, else the default", () => {
    expect(requestLoadFailure(new ApiError(500, 'Database down', 'internal_x'))).toEqual({ text: 'Database down' })
    expect(requestLoadFailure(new ApiError(500, 'An error occurred'))).toEqual({ key: 'page.errors.generic' })
    expect(requestLoadFailure(new Error('boom'))).toEqual({ key: 'page.errors.generic' })
  })
})

describe('requestLoadFailureState (spec/transfers.md §2 page states)', () => {
  const expiredBody = {
    detail: 'This upload link has expired.',
    code: 'request_expired',
    expires_at: '2026-03-04T05:06:07Z',
  }

  it("is 'Request Expired' with the date when the 410 body carries expires_at", () => {
    expect(requestLoadFailureState(new ApiError(410, 'old', 'request_expired', expiredBody))).toEqual({
      kind: 'expired',
      expiresAt: '2026-03-04T05:06:07Z',
    })
  })

  it("keeps the 'Upload Error' alert for a 410 without a usable expires_at", () => {
    const expiredAlert = { kind: 'error', message: { key: 'page.errors.expired' } }
    expect(requestLoadFailureState(new ApiError(410, 'old', 'request_expired'))).toEqual(expiredAlert)
    expect(
      requestLoadFailureState(new ApiError(410, 'old', 'request_expired', { ...expiredBody, expires_at: 'soon' })),
    ).toEqual(expiredAlert)
  })

  it('is the error alert for other failures, even with an expires_at', () => {
    expect(requestLoadFailureState(new ApiError(404, 'gone', 'request_not_found', expiredBody))).toEqual({
      kind: 'error',
      message: { key: 'page.errors.notFound' },
    })
  })
})

describe('requestUploadFailure', () => {
  it('translates fixed-text codes, counted ones with their number, and keeps other templated details', () => {
    expect(requestUploadFailure(new ApiError(409, 'done', 'request_completed'))).toEqual({
      key: 'serverErrors.request_completed',
    })
    expect(
      requestUploadFailure(new ApiError(400, 'This request accepts at most 2 files.', 'request_too_many_files')),
    ).toEqual({ key: 'serverErrors.request_too_many_files', values: { n: '2' } })
    expect(
      requestUploadFailure(new ApiError(400, 'This request accepts at most 1 file.', 'request_too_many_files')),
    ).toEqual({ key: 'serverErrors.request_too_many_files', values: { n: '1' } })
    expect(requestUploadFailure(new ApiError(400, 'Something unexpected', 'request_too_many_files'))).toEqual({
      text: 'Something unexpected',
    })
    expect(
      requestUploadFailure(
        new ApiError(413, 'These files exceed the 1 KiB this request accepts.', 'request_too_large'),
      ),
    ).toEqual({
      text: 'These files exceed the 1 KiB this request accepts.',
    })
  })

  it("falls back to 'Failed to complete upload. Please try again.'", () => {
    expect(requestUploadFailure(new ApiError(502, 'An error occurred'))).toEqual({ key: 'upload.errors.generic' })
  })
})

describe('createLinkFailure', () => {
  it('asks a logged-out visitor to log in, else the detail or the default', () => {
    expect(createLinkFailure(new ApiError(401, 'Not authenticated', 'unauthorized'))).toEqual({
      key: 'serverErrors.request_login_required',
    })
    expect(createLinkFailure(new ApiError(429, 'Too many requests.', 'rate_limited'))).toEqual({
      text: 'Too many requests.',
    })
    expect(createLinkFailure(new ApiError(500, 'An error occurred'))).toEqual({ key: 'create.failed' })
  })
})
