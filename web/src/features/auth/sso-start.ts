import type { Language } from '@ferry/contracts/domain/languages'

/**
 * /auth/sso/start for the operator's provider, or (with `email`) the provider of that address's
 * organization; `language` is the one a new account gets.
 */
export function ssoStartPath(language: Language, email?: string): string {
  const query = new URLSearchParams({ language })
  if (email) query.set('email', email)
  return `/auth/sso/start?${query.toString()}`
}
