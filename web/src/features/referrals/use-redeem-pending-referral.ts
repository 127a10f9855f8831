import { notifications } from '@mantine/notifications'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../lib/error-message.js'
import { referralsApi } from './api/referrals-api.js'
import { pendingReferralCode } from './pending-referral.js'

/**
 * After signing up through /register?ref={code}: redeems the kept code for the new user. The code
 * stays kept so the upgrade modal offers it (its trial applies at checkout); a failure only warns.
 */
export function useRedeemPendingReferral(): (userId: string) => Promise<void> {
  // Not suspending: the sign-up page must not wait for this namespace; it is in long before a sign-up ends.
  const { t, i18n } = useTranslation('billing', { useSuspense: false })
  return useCallback(
    async (userId: string) => {
      const code = pendingReferralCode()
      if (!code) return
      try {
        await referralsApi.redeem({ referral_code: code, user_id: userId })
        notifications.show({ color: 'green', message: t('referrals.redeemed', { code }) })
      } catch (failure) {
        notifications.show({
          color: 'yellow',
          title: t('modal.referralWarningTitle'),
          message: t('modal.referralWarning', { message: errorMessage(i18n, failure) }),
        })
      }
    },
    [t, i18n],
  )
}
