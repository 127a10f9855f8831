import { Box, Container } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { usePlanName } from '../../components/use-plan-name.js'
import { useSession } from '../../features/auth/index.js'
import { UpgradeView, useMyPlan } from '../../features/billing/index.js'
import { usePlans } from '../../features/plans/index.js'
import { pendingReferralCode } from '../../features/referrals/index.js'
import { loginPath, paths } from '../../lib/paths.js'
import { PlanTerms } from './legal-pages.js'

/** /upgrade (spec/accounts.md §2), public: the plans from plan data, the user's current plan when signed in. */
export function UpgradePage() {
  const { t } = useTranslation(['billing', 'common'])
  const { user } = useSession()
  const { pathname, search } = useLocation()
  const plans = usePlans()
  const myPlan = useMyPlan(user?.id ?? null)
  const planName = usePlanName()
  useDocumentTitle(`${t('upgrade.pageTitle')} · ${t('brand', { ns: 'common' })}`)
  return (
    <Container size="xl" py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <UpgradeView
        plans={{ data: plans.data, isError: plans.isError, refetch: () => void plans.refetch() }}
        user={user ? { id: user.id, name: user.name?.trim() || user.email } : null}
        currentPlanId={myPlan.data?.plan.id ?? null}
        currentPlanName={myPlan.data ? planName(myPlan.data.plan) : null}
        currentPlanPending={user !== null && myPlan.isPending}
        loginTo={loginPath(pathname + search)}
        signupTo={paths.register}
        contactTo={paths.contact}
        initialReferralCode={pendingReferralCode()}
      />
      <Box mt={40}>
        <PlanTerms embedded />
      </Box>
    </Container>
  )
}
