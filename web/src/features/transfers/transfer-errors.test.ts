import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-error.js'
import {
  createTransferFailure,
  serverMessage,
  shareFailure,
  shareFailureTitle,
  transferListFailure,
} from './transfer-errors.js'

const none = () => false

describe('serverMessage', () => {
  it('reads the count back from the singular and the plural English text, so either is translated', () => {
    expect(serverMessage(new ApiError(400, 'Only 1 recipient allowed', 'recipients_too_many'), none)).toEqual({
      key: 'serverErrors.recipients_too_many',
      values: { n: '1' },
    })
    expect(serverMessage(new ApiError(400, 'Maximum 5 recipients allowed', 'recipients_too_many'), none)).toEqual({
      key: 'serverErrors.recipients_too_many',
      values: { n: '5' },
    })
  })
})

describe('createTransferFailure (spec/transfers.md §8)', () => {
  it('asks to log in again on 401', () => {
    expect(createTransferFailure(new ApiError(401, 'Not authenticated', 'unauthorized'), none)).toEqual({
      key: 'create.failed.auth',
    })
  })

  it('gives the server reason on 403, translated by its code', () => {
    const error = new ApiError(403, 'Upgrade to PRO to send files over 50 GiB', 'transfer_too_large_free')
    expect(createTransferFailure(error, none)).toEqual({
      key: 'serverErrors.transfer_too_large_free',
      values: { size: '50 GiB' },
    })
    expect(createTransferFailure(new ApiError(403, 'Over budget', 'custom_code'), none)).toEqual({
      text: 'Over budget',
    })
  })

  it('falls back to the plan-limit message on a 403 that says nothing', () => {
    expect(createTransferFailure(new ApiError(403, 'An error occurred'), none)).toEqual({
      key: 'create.failed.planLimits',
    })
  })

  it('uses the server detail or the default otherwise', () => {
    expect(createTransferFailure(new ApiError(400, 'Invalid email: x', 'recipient_invalid'), none)).toEqual({
      key: 'serverErrors.recipient_invalid',
      values: { value: 'x' },
    })
    expect(createTransferFailure(new ApiError(500, 'An error occurred'), none)).toEqual({
      key: 'create.failed.generic',
    })
    expect(createTransferFailure(new Error('boom'), none)).toEqual({ key: 'create.failed.generic' })
  })

  it('uses the errors namespace for codes it knows', () => {
    const error = new ApiError(0, 'Failed to connect to the server. Please try again.', 'network_error')
    expect(serverMessage(error, (code) => code === 'network_error')).toEqual({ errorsKey: 'network_error' })
  })
})

describe('list and share failures (spec/transfers.md §8)', () => {
  it('maps statuses to the spec messages', () => {
    expect(transferListFailure(new ApiError(401, 'x'))).toEqual({ key: 'list.errors.auth' })
    expect(transferListFailure(new ApiError(403, 'x'))).toEqual({ key: 'list.errors.forbidden' })
    expect(transferListFailure(new ApiError(500, 'x'))).toEqual({ key: 'list.errors.generic' })
    expect(shareFailure(new ApiError(404, 'x'))).toEqual({ key: 'share.errors.notFound' })
    expect(shareFailure(new ApiError(403, 'x'))).toEqual({ key: 'share.errors.expired' })
    // An expired share names its sender (and title) so the recipient knows whom to ask (walk 9.3).
    const expired = (body: object) => new ApiError(403, 'x', 'transfer_expired', { code: 'transfer_expired', ...body })
    expect(shareFailure(expired({ title: ' Trip ', sender_name: 'Ana' }))).toEqual({
      key: 'share.errors.expiredTitled',
      values: { title: 'Trip', name: 'Ana' },
    })
    expect(shareFailure(expired({ title: '', sender_name: 'Ana' }))).toEqual({
      key: 'share.errors.expiredFrom',
      values: { name: 'Ana' },
    })
    expect(shareFailure(expired({ title: 'T', sender_name: '' }))).toEqual({ key: 'share.errors.expired' })
    expect(shareFailure(new ApiError(0, 'x'))).toEqual({ key: 'share.errors.generic' })
    // An expired link is headed as expired, not as not found.
    expect(shareFailureTitle(new ApiError(404, 'x'))).toBe('share.notFoundTitle')
    expect(shareFailureTitle(new ApiError(403, 'x'))).toBe('share.expiredTitle')
    expect(shareFailureTitle(new ApiError(0, 'x'))).toBe('share.failedTitle')
  })
})
