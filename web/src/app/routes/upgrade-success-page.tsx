import { Container } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../features/auth/index.js'
import { UpgradeSuccessView } from '../../features/billing/index.js'
import { forgetReferralCode } from '../../features/referrals/index.js'

/** /upgrade/success (spec/accounts.md §2), behind RequireAuth: the signed-in user's new plan (product.md §4). */
export function UpgradeSuccessPage() {
  const { t } = useTranslation(['billing', 'common'])
  const { user } = useSession()
  useDocumentTitle(`${t('success.pageTitle')} · ${t('brand', { ns: 'common' })}`)
  // The sign-up link's code has served its purpose once a checkout went through.
  useEffect(() => forgetReferralCode(), [])
  if (!user) return null
  return (
    <Container size={760} py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <UpgradeSuccessView userId={user.id} />
    </Container>
  )
}
