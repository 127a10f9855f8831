import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { BillingMessage } from '../billing-errors.js'

/** The words of a BillingMessage in the UI's language. */
export function useBillingMessage(): (message: BillingMessage) => string {
  const { t, i18n } = useTranslation('billing')
  return useCallback(
    (message: BillingMessage) => {
      // The server's words in the UI's language when the errors namespace knows its code.
      if ('raw' in message) {
        return message.code && i18n.exists(message.code, { ns: 'errors' })
          ? i18n.t(message.code as never, { ns: 'errors' })
          : message.raw
      }
      if (message.key === 'http') return t('errors.http', { status: message.status })
      return t(`errors.${message.key}`)
    },
    [t, i18n],
  )
}
