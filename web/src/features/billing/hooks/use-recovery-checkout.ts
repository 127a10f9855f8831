import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { billingApi } from '../api/billing-api.js'
import { billingErrorMessage } from '../billing-errors.js'
import { useBillingMessage } from '../components/use-billing-message.js'

/** Starts the recovery checkout of an expired transfer and leaves for it; the error stays here. */
export function useRecoveryCheckout(transferId: string) {
  const { t } = useTranslation('billing')
  const describe = useBillingMessage()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const start = async () => {
    setError(null)
    setPending(true)
    try {
      const session = await billingApi.recoveryCheckout(transferId)
      window.location.assign(session.url)
    } catch (failure) {
      setError(t('recovery.recoverFailed', { message: describe(billingErrorMessage(failure)) }))
      setPending(false)
    }
  }
  const clearError = useCallback(() => setError(null), [])
  return { pending, error, clearError, start }
}
