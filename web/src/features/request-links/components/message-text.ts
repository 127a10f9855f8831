import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { countOf } from '../../../lib/error-message.js'
import type { RequestLinkMessage } from '../request-link-errors.js'

/** Turns a RequestLinkMessage into the text to show, in the UI's language. */
export function useMessageText(): (message: RequestLinkMessage) => string {
  const { t } = useTranslation('requestLinks')
  return useCallback(
    (message) =>
      'text' in message
        ? message.text
        : // A number read back from the server's text ({n}) also picks the plural form.
          t(message.key as never, { defaultValue: message.key, ...message.values, ...countOf(message.values) }),
    [t],
  )
}
