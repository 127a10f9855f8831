import type { i18n as I18n } from 'i18next'
import { isApiError } from './api-error.js'
import { errorMessage } from './error-message.js'

/**
 * What to say when a passkey step fails: the browser's own refusals (the person closed the
 * prompt, the authenticator already holds a passkey for this account, no WebAuthn at all) have
 * no server code, so they get sentences of their own; the server's answers are translated by code.
 */
export function passkeyErrorMessage(i18n: I18n, error: unknown): string {
  if (isApiError(error)) return errorMessage(i18n, error)
  const name = (error as { name?: string; code?: string } | null)?.name
  const code = (error as { code?: string } | null)?.code
  const t = i18n.getFixedT(null, 'common')
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return t('passkeys.alreadyOnDevice')
  }
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return t('passkeys.cancelled')
  }
  return t('passkeys.unsupported')
}
