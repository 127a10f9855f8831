import { checkoutSessionIdPlaceholder } from '@ferry/contracts/api/billing'
import { AppError } from '../../errors.js'

/**
 * A checkout's return address as an absolute URL on one of `origins` (the first is used for
 * paths). Other origins are refused: the checkout must not send users to another site.
 */
export function resolveReturnUrl(raw: string, origins: readonly string[]): string {
  const invalid = () => new AppError('checkout_return_url_invalid', 400)
  const isPath = raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\')
  let url: URL
  try {
    url = new URL(raw, isPath ? origins[0] : undefined)
  } catch {
    throw invalid()
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid()
  if (!origins.includes(url.origin)) throw invalid()
  // URL() escapes the braces of the placeholder; put it back so Stripe (and we) can fill it in.
  return url.href.replaceAll(encodeURI(checkoutSessionIdPlaceholder), checkoutSessionIdPlaceholder)
}

/** The return address with the session id filled in. */
export function withSessionId(url: string, sessionId: string): string {
  return url.replaceAll(checkoutSessionIdPlaceholder, encodeURIComponent(sessionId))
}
