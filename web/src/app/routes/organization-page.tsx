import { formatLocaleOf } from '@ferry/contracts/domain/languages'
import { Alert, Button, Center, Container, Loader, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { IconAlertCircle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { UpgradeCard } from '../../components/upgrade-card.js'
import { usePlanName } from '../../components/use-plan-name.js'
import { useSession } from '../../features/auth/index.js'
import { useMyPlan } from '../../features/billing/index.js'
import { CreateOrganizationForm, OrganizationView, useCurrentOrganization } from '../../features/organizations/index.js'
import { plansWithFlag, usePlans } from '../../features/plans/index.js'
import { currentLanguage } from '../../lib/i18n.js'
import { paths } from '../../lib/paths.js'

/**
 * /organization (issue 22 item 1), behind RequireAuth: the reader's organization; without one, the
 * form that creates it on a plan with central_billing, else the way to such a plan.
 */
export function OrganizationPage() {
  const { t, i18n } = useTranslation(['organizations', 'common'])
  const { user } = useSession()
  const current = useCurrentOrganization(user !== null)
  const organization = current.data?.organization
  // The plan matters only to someone outside any organization (create or upgrade).
  const myPlan = useMyPlan(current.data && !organization ? (user?.id ?? null) : null)
  const plans = usePlans()
  const planName = usePlanName()
  useDocumentTitle(`${t('pageTitle')} · ${t('brand', { ns: 'common' })}`)
  const orgPlans = plansWithFlag(plans.data ?? [], 'central_billing').map(planName)
  const list = new Intl.ListFormat(formatLocaleOf[currentLanguage(i18n)], { style: 'long', type: 'conjunction' })

  const loading = (
    <Center mih="30vh" aria-busy="true">
      <Loader role="status" type="dots" aria-label={t('loading')} />
    </Center>
  )
  const failed = (onRetry: () => void) => (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="organization-load-error">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('loadFailed')}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Stack>
    </Alert>
  )

  let content: ReactNode
  if (current.isError) content = failed(() => void current.refetch())
  else if (!current.data || !user) content = loading
  else if (organization) content = <OrganizationView organization={organization} myUserId={user.id} />
  else if (myPlan.isError) content = failed(() => void myPlan.refetch())
  else if (!myPlan.data) content = loading
  else if (myPlan.data.plan.central_billing) content = <CreateOrganizationForm />
  else
    content = (
      <UpgradeCard
        title={t('upgrade.title')}
        body={orgPlans.length > 0 ? t('upgrade.bodyWithPlans', { plans: list.format(orgPlans) }) : t('upgrade.body')}
        upgradeTo={paths.upgrade}
        upgradeLabel={t('upgrade.action')}
        secondary={{ to: paths.plans, label: t('upgrade.plans') }}
        testId="organization-upgrade"
      />
    )

  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </Stack>
        {content}
      </Stack>
    </Container>
  )
}
