import { genericErrorMessage, isApiError } from '../../lib/api-error.js'
import { errorValues } from '../../lib/error-message.js'

/** Server codes this feature translates itself (transfers.json `serverErrors`), their values read back from the detail. */
export const translatedServerCodes = [
  'transfer_no_files',
  'recipient_required',
  'recipient_invalid',
  'recipient_duplicate',
  'recipients_too_many',
  'transfer_too_large',
  'transfer_too_large_free',
  'transfer_daily_limit',
  'transfer_monthly_data',
  'transfer_expiry_too_long',
  'transfer_not_found',
  'transfer_expired',
  'transfer_file_not_found',
  'transfer_files_gone',
  'download_limit_reached',
  'download_link_invalid',
  'upload_login_required',
  'upload_forbidden',
  'upload_not_found',
  'upload_incomplete',
  'upload_claimed',
  'transfer_last_file',
  'transfer_expired_not_editable',
] as const
export type TranslatedServerCode = (typeof translatedServerCodes)[number]

/** A message to show: a key of this feature's namespace (with values), one of `errors`, or the server's own text. */
export type FeatureMessage = { key: string; values?: Record<string, string> } | { errorsKey: string } | { text: string }

/** The body's `retry_at` as a local time ('14:05'), when the refusal says when it ends. */
function retryTime(body: unknown): string | undefined {
  const at = body && typeof body === 'object' ? (body as { retry_at?: unknown }).retry_at : undefined
  if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) return undefined
  return new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
}

const isTranslated = (code: string | undefined): code is TranslatedServerCode =>
  translatedServerCodes.includes(code as TranslatedServerCode)

/**
 * What the server said, as a message: its code translated here or in `errors` (when `hasErrorsKey`
 * knows it), else its detail; undefined when it said nothing usable.
 */
export function serverMessage(error: unknown, hasErrorsKey: (code: string) => boolean): FeatureMessage | undefined {
  if (!isApiError(error)) return undefined
  const retryAt = retryTime(error.body)
  // A send throttle says when sending works again (security review M-2).
  if (error.code === 'send_rate_limited' && retryAt)
    return { key: 'serverErrors.send_rate_limited', values: { time: retryAt } }
  if (isTranslated(error.code)) {
    const values = errorValues(error.code, error.detail)
    if (values) return { key: `serverErrors.${error.code}`, values }
  }
  if (error.code && hasErrorsKey(error.code)) return { errorsKey: error.code }
  if (error.detail && error.detail !== genericErrorMessage) return { text: error.detail }
  return undefined
}

const statusOf = (error: unknown) => (isApiError(error) ? error.status : undefined)

/** spec/transfers.md §8 Transfer creation: 401, 403 (the server's detail first), else the server's detail or the default. */
export function createTransferFailure(error: unknown, hasErrorsKey: (code: string) => boolean): FeatureMessage {
  const status = statusOf(error)
  if (status === 401) return { key: 'create.failed.auth' }
  const fromServer = serverMessage(error, hasErrorsKey)
  if (status === 403) return fromServer ?? { key: 'create.failed.planLimits' }
  return fromServer ?? { key: 'create.failed.generic' }
}

/** spec/transfers.md §8 Transfer list. */
export function transferListFailure(error: unknown): FeatureMessage {
  const status = statusOf(error)
  if (status === 401) return { key: 'list.errors.auth' }
  if (status === 403) return { key: 'list.errors.forbidden' }
  return { key: 'list.errors.generic' }
}

/** spec/transfers.md §8 Share page. */
/** The heading above shareFailure's text: an expired link is not 'not found' (issue 17 item 7). */
export function shareFailureTitle(
  error: unknown,
): 'share.notFoundTitle' | 'share.expiredTitle' | 'share.limitReachedTitle' | 'share.failedTitle' {
  const status = statusOf(error)
  if (status === 404) return 'share.notFoundTitle'
  if (isLimitReached(error)) return 'share.limitReachedTitle'
  if (status === 403) return 'share.expiredTitle'
  return 'share.failedTitle'
}

/** What a 403 of an expired share tells the recipient: the title and the sender's name (walk 9.3). */
function expiredShare(error: unknown): { title: string; name: string } | undefined {
  const body = isApiError(error) ? error.body : undefined
  if (!body || typeof body !== 'object') return undefined
  const { title, sender_name: name } = body as { title?: unknown; sender_name?: unknown }
  if (typeof name !== 'string' || !name.trim()) return undefined
  return { title: typeof title === 'string' ? title.trim() : '', name: name.trim() }
}

/** 410 download_limit_reached: the download limit was reached, or every recipient downloaded a burning transfer. */
const isLimitReached = (error: unknown) => isApiError(error) && error.code === 'download_limit_reached'

export function shareFailure(error: unknown): FeatureMessage {
  const status = statusOf(error)
  if (status === 404) return { key: 'share.errors.notFound' }
  if (isLimitReached(error)) {
    // The same body as an expired share's: the title and the sender's name, whom to ask.
    const spent = expiredShare(error)
    if (spent?.title) return { key: 'share.errors.limitReachedTitled', values: spent }
    if (spent) return { key: 'share.errors.limitReachedFrom', values: { name: spent.name } }
    return { key: 'share.errors.limitReached' }
  }
  const expired = status === 403 ? expiredShare(error) : undefined
  if (expired?.title) return { key: 'share.errors.expiredTitled', values: expired }
  if (expired) return { key: 'share.errors.expiredFrom', values: { name: expired.name } }
  if (status === 403) return { key: 'share.errors.expired' }
  return { key: 'share.errors.generic' }
}
