import type { i18n as I18n } from 'i18next'

type ErrorKey = keyof typeof import('../../locales/en/errors.json')

/**
 * The reason a single sign-on was refused (`/signin?sso_error=<code>`), translated; a code the
 * `errors` namespace does not know (or an `sso_error` made up in the address) reads as the generic failure.
 */
export function ssoErrorMessage(i18n: I18n, code: string): string {
  const known = /^sso_[a-z_]+$/.test(code) && i18n.exists(code, { ns: 'errors' })
  return i18n.t((known ? code : 'sso_failed') as ErrorKey, { ns: 'errors' })
}
