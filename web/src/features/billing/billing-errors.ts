import { ApiError, genericErrorMessage } from '../../lib/api-error.js'

/** A billing message: a key of the `billing` namespace's `errors`, or the server's own words. */
export type BillingMessage =
  | { key: 'notAuthenticated' | 'network' | 'paymentUnavailable' | 'serviceUnavailable' | 'checkoutFailed' }
  | { key: 'http'; status: number }
  | { raw: string; code?: string | undefined }

/**
 * spec/accounts.md §8 for billing and plan calls: 401 is 'Not authenticated'; other failures use the
 * response's detail, else 'HTTP {status}'; a failure without a response is 'Network error occurred'.
 */
export function billingErrorMessage(error: unknown): BillingMessage {
  if (!(error instanceof ApiError)) return { key: 'network' }
  if (error.status === 0) return { key: 'network' }
  if (error.status === 401) return { key: 'notAuthenticated' }
  if (error.detail && error.detail !== genericErrorMessage) return { raw: error.detail, code: error.code }
  return { key: 'http', status: error.status }
}

/**
 * spec/accounts.md §8 for checkout: a message about payment processing being unavailable, or naming 503,
 * becomes one of the two 'temporarily unavailable' texts; others show as they are, 'Checkout failed' by default.
 */
export function checkoutErrorMessage(error: unknown): BillingMessage {
  if (error instanceof ApiError && error.status === 503) return { key: 'serviceUnavailable' }
  const message = billingErrorMessage(error)
  if (!('raw' in message)) return message
  if (message.raw.includes('Payment processing is temporarily unavailable')) return { key: 'paymentUnavailable' }
  if (message.raw.includes('503')) return { key: 'serviceUnavailable' }
  return message.raw.trim() ? message : { key: 'checkoutFailed' }
}
