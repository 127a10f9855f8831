import { Alert, Center, Container, Loader, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { IconAlertCircle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import {
  AnalyticsPanel,
  type AnalyticsPeriod,
  AnalyticsPreview,
  periodFromSearch,
} from '../../features/analytics/index.js'
import { useSession } from '../../features/auth/index.js'
import { useMyPlan } from '../../features/billing/index.js'
import { paths, transferPath } from '../../lib/paths.js'
import { useAnalyticsPlans } from './use-analytics-plans.js'

/**
 * /analytics (issue 21 item 3), behind RequireAuth: the account's analytics panel for a plan with
 * analytics_panel, else what it would show and the way to a plan that has it. The period lives in
 * the address (`?from=…&to=…`).
 */
export function AnalyticsPage() {
  const { t } = useTranslation(['analytics', 'common'])
  const { user } = useSession()
  const myPlan = useMyPlan(user?.id ?? null)
  const plansWithPanel = useAnalyticsPlans('analytics_panel')
  const [search, setSearch] = useSearchParams()
  useDocumentTitle(`${t('panel.pageTitle')} · ${t('brand', { ns: 'common' })}`)
  const period = periodFromSearch(search, new Date())
  const changePeriod = (next: AnalyticsPeriod) => setSearch({ from: next.from, to: next.to }, { replace: true })
  const plan = myPlan.data?.plan

  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>{t('panel.title')}</Title>
          <Text c="dimmed">{t('panel.subtitle')}</Text>
        </Stack>
        {myPlan.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="analytics-plan-error">
            {t('panel.planLoadFailed')}
          </Alert>
        ) : !plan ? (
          <Center mih="30vh" aria-busy="true">
            <Loader role="status" type="dots" aria-label={t('loading')} />
          </Center>
        ) : plan.analytics_panel ? (
          <AnalyticsPanel period={period} onPeriodChange={changePeriod} transferTo={transferPath} />
        ) : (
          <AnalyticsPreview kind="panel" plans={plansWithPanel} upgradeTo={paths.upgrade} plansTo={paths.plans} />
        )}
      </Stack>
    </Container>
  )
}
