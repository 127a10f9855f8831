import { requestExpiredResponse } from '@ferry/contracts/api/request-links'
import { genericErrorMessage, isApiError } from '../../lib/api-error.js'
import { errorValues } from '../../lib/error-message.js'

/**
 * Server codes that requestLinks.json `serverErrors` translates: those with a fixed text, and
 * `countedServerCodes`, whose number is read back from the server's English text ('at most 2
 * files') for the plural form. The other codes whose text carries values show the server's detail.
 */
export const translatedServerCodes = [
  'request_login_required',
  'request_not_found',
  'request_expired',
  'request_completed',
  'request_closed',
  'request_reopen_expired',
  'request_no_files',
  'request_sender_name_required',
  'request_sender_email_required',
] as const
export type TranslatedServerCode = (typeof translatedServerCodes)[number]
export const countedServerCodes = ['request_too_many_files'] as const

/** A message to show: a key of the requestLinks namespace (with its values), or the server's own text. */
export type RequestLinkMessage = { key: string; values?: Record<string, string> } | { text: string }

const isTranslated = (code: string | undefined): code is TranslatedServerCode =>
  translatedServerCodes.includes(code as TranslatedServerCode)

/** What the server said: its code translated when this feature knows it, else its detail; undefined when nothing usable. */
export function serverMessage(error: unknown): RequestLinkMessage | undefined {
  if (!isApiError(error) || error.status === 0) return undefined
  if (isTranslated(error.code)) return { key: `serverErrors.${error.code}` }
  if ((countedServerCodes as readonly string[]).includes(error.code ?? '')) {
    const values = errorValues(error.code ?? '', error.detail)
    if (values) return { key: `serverErrors.${error.code}`, values }
  }
  if (error.detail && error.detail !== genericErrorMessage) return { text: error.detail }
  return undefined
}

const statusOf = (error: unknown) => (isApiError(error) ? error.status : undefined)

/** spec/transfers.md §8 Request page load: 404, 410, network, else the server's detail or the default. */
export function requestLoadFailure(error: unknown): RequestLinkMessage {
  const status = statusOf(error)
  if (status === 404) return { key: 'page.errors.notFound' }
  if (status === 410) return { key: 'page.errors.expired' }
  if (status === 0) return { key: 'page.errors.network' }
  return serverMessage(error) ?? { key: 'page.errors.generic' }
}

/** What the page shows when its load failed: 'Request Expired' when the 410 says when, else the error alert. */
export type RequestLoadFailureState =
  | { kind: 'expired'; expiresAt: string }
  | { kind: 'error'; message: RequestLinkMessage }

/** spec/transfers.md §2: a 410 whose body carries `expires_at` is the 'Request Expired' state; anything else the 'Upload Error' alert. */
export function requestLoadFailureState(error: unknown): RequestLoadFailureState {
  if (isApiError(error) && error.status === 410) {
    const expired = requestExpiredResponse.safeParse(error.body)
    if (expired.success) return { kind: 'expired', expiresAt: expired.data.expires_at }
  }
  return { kind: 'error', message: requestLoadFailure(error) }
}

/** spec/transfers.md §8 Upload: the server's reason, else 'Failed to complete upload. Please try again.' */
export function requestUploadFailure(error: unknown): RequestLinkMessage {
  if (statusOf(error) === 0) return { key: 'page.errors.network' }
  return serverMessage(error) ?? { key: 'upload.errors.generic' }
}

/** spec/transfers.md §8 Request lists: the create-link failure is the server's detail or the default. */
export function createLinkFailure(error: unknown): RequestLinkMessage {
  if (statusOf(error) === 401) return { key: 'serverErrors.request_login_required' }
  return serverMessage(error) ?? { key: 'create.failed' }
}
