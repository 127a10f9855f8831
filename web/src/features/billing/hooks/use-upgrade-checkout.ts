import { checkoutSessionIdPlaceholder } from '@ferry/contracts/api/billing'
import type { Plan } from '@ferry/contracts/api/plans'
import { notifications } from '@mantine/notifications'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { paths } from '../../../lib/paths.js'
import { billingApi } from '../api/billing-api.js'
import { billingErrorMessage, checkoutErrorMessage } from '../billing-errors.js'
import { useBillingMessage } from '../components/use-billing-message.js'
import type { BillingInterval } from '../plan-display.js'

export interface UpgradeCheckout {
  pending: boolean
  error: string | null
  reset(): void
  start(choice: { plan: Plan; interval: BillingInterval; referralCode: string }): Promise<void>
}

/**
 * The upgrade flow of 001 §4: redeem the trimmed referral code if there is one (a failure only
 * warns, and the code is then left out), create the checkout session, then leave for its url.
 * On an error the message shows and the loading state ends.
 */
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
      const code = referralCode.trim()
      let redeemed = false
      if (code) {
        try {
          await billingApi.redeemReferral({ referral_code: code, user_id: userId })
          redeemed = true
        } catch (failure) {
          notifications.show({
            color: 'yellow',
            title: t('modal.referralWarningTitle'),
            message: t('modal.referralWarning', { message: describe(billingErrorMessage(failure)) }),
          })
        }
      }
      try {
        const origin = window.location.origin
        const session = await billingApi.createCheckout({
          user_id: userId,
          plan_id: plan.id,
          interval,
          ...(redeemed ? { referral_code: code } : {}),
          success_url: `${origin}${paths.upgradeSuccess}?session_id=${checkoutSessionIdPlaceholder}`,
          cancel_url: `${origin}${paths.upgrade}`,
        })
        window.location.assign(session.url)
      } catch (failure) {
        setError(describe(checkoutErrorMessage(failure)))
        setPending(false)
      }
    },
    [userId, t, describe],
  )

  return { pending, error, reset: useCallback(() => setError(null), []), start }
}
