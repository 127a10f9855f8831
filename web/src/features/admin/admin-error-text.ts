import type { i18n as I18n } from 'i18next'
import { isApiError } from '../../lib/api-error.js'
import { errorMessage } from '../../lib/error-message.js'

/** spec/accounts.md §8: the server's message when it answered, else the action's fallback ('Failed to … Please try again.'). */
export function adminErrorText(i18n: I18n, error: unknown, fallback: string): string {
  return isApiError(error) && error.status > 0 && error.detail ? errorMessage(i18n, error) : fallback
}

/** The server refused because the caller is not an admin (any more). */
export const isAccessDenied = (error: unknown) => isApiError(error) && error.status === 403
