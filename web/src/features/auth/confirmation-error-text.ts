import type { i18n as I18n } from 'i18next'
import { isApiError } from '../../lib/api-error.js'
import { errorMessage } from '../../lib/error-message.js'

/** A failed confirm or resend in words: a wait says how long (Retry-After rides in the detail). */
export function confirmationErrorText(i18n: I18n, error: unknown): string {
  if (isApiError(error) && error.status === 429) return i18n.t('confirmEmail.tooMany', { ns: 'common' })
  return errorMessage(i18n, error)
}
