import { describe, expect, it } from 'vitest'
import { ApiError, genericErrorMessage } from '../../lib/api-error.js'
import { billingErrorMessage, checkoutErrorMessage } from './billing-errors.js'

describe('billingErrorMessage', () => {
  it('reads 401 as Not authenticated, a missing response as a network error', () => {
    expect(billingErrorMessage(new ApiError(401, 'Token expired'))).toEqual({ key: 'notAuthenticated' })
    expect(billingErrorMessage(new ApiError(0, 'offline'))).toEqual({ key: 'network' })
    expect(billingErrorMessage(new TypeError('boom'))).toEqual({ key: 'network' })
  })

  it("uses the server's detail, else HTTP {status}", () => {
    expect(billingErrorMessage(new ApiError(404, 'Plan not found', 'checkout_plan_not_found'))).toEqual({
      raw: 'Plan not found',
      code: 'checkout_plan_not_found',
    })
    expect(billingErrorMessage(new ApiError(502, genericErrorMessage))).toEqual({ key: 'http', status: 502 })
  })
})

describe('checkoutErrorMessage', () => {
  it('maps the two temporarily-unavailable cases', () => {
    expect(
      checkoutErrorMessage(new ApiError(500, 'Payment processing is temporarily unavailable (stripe down)')),
    ).toEqual({ key: 'paymentUnavailable' })
    expect(checkoutErrorMessage(new ApiError(502, 'Upstream answered 503'))).toEqual({ key: 'serviceUnavailable' })
    expect(checkoutErrorMessage(new ApiError(503, genericErrorMessage))).toEqual({ key: 'serviceUnavailable' })
  })

  it('shows other messages raw', () => {
    expect(checkoutErrorMessage(new ApiError(400, 'You are already on this plan'))).toEqual({
      raw: 'You are already on this plan',
      code: undefined,
    })
  })
})
