import type { i18n as I18n } from 'i18next'
import { isApiError } from '../../lib/api-error.js'
import { errorMessage } from '../../lib/error-message.js'
import { currentLanguage } from '../../lib/i18n.js'

/** Codes whose server sentence says more than their translation (the field, the minutes to wait). */
const specificDetailCodes = new Set(['validation_failed', 'rate_limited'])

/**
 * spec/transfers.md §8 Auth: the server's message (detail, error, a list of messages or plain text, as
 * the api client reads it), else 'An error occurred'; translated by its code when the UI is not
 * in English. In English the server's own sentence is shown as it is.
 */
export function authErrorMessage(i18n: I18n, error: unknown): string {
  if (isApiError(error) && error.code && specificDetailCodes.has(error.code) && currentLanguage(i18n) === 'en') {
    return error.detail
  }
  return errorMessage(i18n, error)
}
