import type { i18n as I18n } from 'i18next'
import { genericErrorMessage, isApiError } from '../../../lib/api-error.js'
import { authErrorMessage } from '../auth-error-message.js'
import { GoogleSignInError } from './google-identity.js'

/**
 * The message of spec/transfers.md §8 for a failed Google sign-in, or null when the user closed
 * Google's chooser (nothing went wrong).
 */
export function googleErrorMessage(i18n: I18n, error: unknown): string | null {
  const failure = error instanceof GoogleSignInError ? error : new GoogleSignInError('failed', error)
  switch (failure.failure) {
    case 'cancelled':
      return null
    case 'not_configured':
      return i18n.t('auth.google.notAvailable', { ns: 'common' })
    case 'load_failed':
      return i18n.t('auth.google.loadFailed', { ns: 'common' })
    case 'init_failed':
      return i18n.t('auth.google.initFailed', { ns: 'common' })
    case 'failed': {
      const cause = failure.cause
      if (isApiError(cause) && cause.detail !== genericErrorMessage) return authErrorMessage(i18n, cause)
      return i18n.t('auth.google.failed', { ns: 'common' })
    }
  }
}
