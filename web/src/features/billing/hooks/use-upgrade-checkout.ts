import type { Plan } from '@ferry/contracts/api/plans'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { paths } from '../../../lib/paths.js'
import { billingApi } from '../api/billing-api.js'
import { billingErrorMessage, checkoutErrorMessage } from '../billing-errors.js'
import { useBillingMessage } from '../components/use-billing-message.js'
import type { BillingInterval } from '../plan-display.js'
import { runUpgradeFlow } from '../upgrade-flow.js'

export interface UpgradeCheckout {
  pending: boolean
  error: string | null
  reset(): void
  start(choice: { plan: Plan; interval: BillingInterval; referralCode: string }): Promise<void>
}

/** The upgrade flow of spec/accounts.md §4 in the browser: a warning for a failed redemption, the checkout error in the modal. */
export function useUpgradeCheckout(userId: string | null): UpgradeCheckout {
  const { t } = useTranslation('billing')
  const describe = useBillingMessage()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const start = useCallback<UpgradeCheckout['start']>(
    async ({ plan, interval, referralCode }) => {
      if (!userId) {
        setError(t('upgrade.loginRequired'))
        return
      }
      setError(null)
      setPending(true)
      try {
        await runUpgradeFlow(
          { userId, planId: plan.id, interval, referralCode },
          {
            redeem: billingApi.redeemReferral,
            createCheckout: billingApi.createCheckout,
            refuse: (failure) => {
              setError(t('modal.referralWarning', { message: describe(billingErrorMessage(failure)) }))
              setPending(false)
            },
            // Pending stays on: the page is leaving.
            go: (url) => window.location.assign(url),
            origin: window.location.origin,
            successPath: paths.upgradeSuccess,
            // The upgrade page says the checkout was cancelled (use-checkout-cancelled-notice).
            cancelPath: `${paths.upgrade}?checkout=cancelled`,
          },
        )
      } catch (failure) {
        setError(describe(checkoutErrorMessage(failure)))
        setPending(false)
      }
    },
    [userId, t, describe],
  )

  return { pending, error, reset: useCallback(() => setError(null), []), start }
}
