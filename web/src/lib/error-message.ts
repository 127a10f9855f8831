import type { i18n as I18n } from 'i18next'
import { isApiError } from './api-error.js'

type ErrorKey = keyof typeof import('../locales/en/errors.json')

/**
 * The text to show for a failed call: the translation of the server's error code when the
 * `errors` namespace has one, else the server's own detail, else the generic message.
 */
export function errorMessage(i18n: I18n, error: unknown): string {
  if (isApiError(error)) {
    if (error.code && i18n.exists(error.code, { ns: 'errors' })) return i18n.t(error.code as ErrorKey, { ns: 'errors' })
    return error.detail
  }
  return i18n.t('generic', { ns: 'errors' })
}
