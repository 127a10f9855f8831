import { Container, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../features/auth/index.js'
import { useMyPlan } from '../../features/billing/index.js'
import { usePlans } from '../../features/plans/index.js'
import { InviteView } from '../../features/referrals/index.js'
import { loginPath, paths } from '../../lib/paths.js'

/** /invite (spec/accounts.md §2), behind RequireAuth: referral codes and rewards for plans with payouts. */
export function InvitePage() {
  const { t } = useTranslation(['billing', 'common'])
  const { user } = useSession()
  const myPlan = useMyPlan(user?.id ?? null)
  const plans = usePlans()
  useDocumentTitle(`${t('referrals.pageTitle')} · ${t('brand', { ns: 'common' })}`)
  const rewards = (plans.data ?? [])
    .filter((plan) => plan.allows_payouts && plan.payout_amount !== null)
    .map((plan) => ({ id: plan.id, name: plan.name, payoutAmount: plan.payout_amount ?? 0 }))
  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>{t('referrals.title')}</Title>
          <Text c="dimmed">{t('referrals.subtitle')}</Text>
        </Stack>
        <InviteView
          userId={user?.id ?? null}
          plan={{ allowsPayouts: myPlan.data?.plan.allows_payouts, failed: myPlan.isError }}
          rewards={rewards}
          loginTo={loginPath(paths.invite)}
          upgradeTo={paths.upgrade}
          plansTo={paths.plans}
        />
      </Stack>
    </Container>
  )
}
