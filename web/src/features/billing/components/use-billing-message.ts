import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { BillingMessage } from '../billing-errors.js'

/** The words of a BillingMessage in the UI's language. */
export function useBillingMessage(): (message: BillingMessage) => string {
  const { t } = useTranslation('billing')
  return useCallback(
    (message: BillingMessage) => {
      if ('raw' in message) return message.raw
      if (message.key === 'http') return t('errors.http', { status: message.status })
      return t(`errors.${message.key}`)
    },
    [t],
  )
}
