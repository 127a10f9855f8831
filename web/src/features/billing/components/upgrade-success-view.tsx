import { Alert, Button, Center, Group, List, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconAlertCircle, IconConfetti, IconRocket, IconUser, IconUsersPlus } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { usePlanName } from '../../../components/use-plan-name.js'
import { paths } from '../../../lib/paths.js'
import { useMyPlan } from '../api/billing-queries.js'
import { PlanFeatureList } from './plan-feature-list.js'
import { TrialCard } from './trial-card.js'

const nextSteps = ['send', 'limits', 'invite', 'profile'] as const

/** /upgrade/success (spec/accounts.md §2) for the signed-in user (product.md §4): the plan, its trial and what to do next. */
export function UpgradeSuccessView({ userId }: { userId: string }) {
  const { t } = useTranslation('billing')
  const planName = usePlanName()
  const query = useMyPlan(userId, { waitForPaid: true })

  if (query.isPending) {
    return (
      <Center mih="40vh" aria-busy="true">
        <Loader type="dots" />
      </Center>
    )
  }
  if (query.isError) {
    return (
      <Stack gap="md" align="flex-start">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="upgrade-success-error">
          {t('success.loadFailed')}
        </Alert>
        <Button component={Link} to={paths.profile} leftSection={<IconUser size={16} />}>
          {t('success.goToProfile')}
        </Button>
      </Stack>
    )
  }

  const { plan, subscription, is_trial: isTrial } = query.data
  return (
    <Stack gap="xl">
      <Stack gap="xs" align="center" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="green">
          <IconConfetti size={36} />
        </ThemeIcon>
        <Title order={1}>{t('success.title', { plan: planName(plan) })}</Title>
        <Text c="dimmed">{t('success.subtitle')}</Text>
      </Stack>
      {isTrial && subscription && <TrialCard subscription={subscription} detailed />}
      <Paper withBorder radius="lg" p="lg">
        <Title order={2} fz="h4" mb="sm">
          {t('success.features')}
        </Title>
        <PlanFeatureList plan={plan} />
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Title order={2} fz="h4" mb="sm">
          {t('success.nextTitle')}
        </Title>
        <List type="ordered" spacing={4} size="sm">
          {nextSteps
            .filter((step) => step !== 'invite' || plan.allows_payouts)
            .map((step) => (
              <List.Item key={step}>{t(`success.next.${step}`)}</List.Item>
            ))}
        </List>
      </Paper>
      <Group justify="center" gap="sm">
        <Button component={Link} to={paths.home} leftSection={<IconRocket size={16} />}>
          {t('success.startUsing')}
        </Button>
        {plan.allows_payouts && (
          <Button component={Link} to={paths.invite} variant="light" leftSection={<IconUsersPlus size={16} />}>
            {t('success.inviteFriends')}
          </Button>
        )}
        <Button component={Link} to={paths.profile} variant="default" leftSection={<IconUser size={16} />}>
          {t('success.viewProfile')}
        </Button>
      </Group>
    </Stack>
  )
}
