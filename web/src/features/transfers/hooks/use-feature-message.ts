import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { FeatureMessage } from '../transfer-errors.js'

/** Turns a FeatureMessage into text in the UI's language. */
export function useFeatureMessage(): (message: FeatureMessage) => string {
  const { i18n } = useTranslation('transfers')
  return useCallback(
    (message) => {
      if ('text' in message) return message.text
      // Keys are built from server codes and checked by the locale tests, not the type checker.
      if ('errorsKey' in message) return i18n.t(message.errorsKey as 'generic', { ns: 'errors' })
      // A number read back from the server's text ({n}) also picks the plural form.
      const n = Number(message.values?.n)
      const count = Number.isFinite(n) && message.values?.n !== '' ? { count: n } : {}
      return i18n.t(message.key as 'create.failed.generic', { ns: 'transfers', ...message.values, ...count })
    },
    [i18n],
  )
}
