import type { Subscription } from '@ferry/contracts/api/billing'
import type { Plan } from '@ferry/contracts/api/plans'
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconRocket } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { usePlanName } from '../../../components/use-plan-name.js'
import { paths } from '../../../lib/paths.js'
import { usePlanNotes } from '../hooks/use-plan-notes.js'
import { PlanFeatureList } from './plan-feature-list.js'
import { TrialCard } from './trial-card.js'

export interface CurrentPlanCardProps {
  plan: Plan
  isTrial: boolean
  subscription: Subscription | null
}

/** The profile's Current Plan card (spec/accounts.md §2): name, notes, trial notice, features, and 'Upgrade Plan' on a FREE plan. */
export function CurrentPlanCard({ plan, isTrial, subscription }: CurrentPlanCardProps) {
  const { t } = useTranslation('billing')
  const planName = usePlanName()
  const notes = usePlanNotes()(plan)
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="current-plan-card">
      <Stack gap="md">
        <Group justify="space-between">
          <Stack gap={2}>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              {t('profile.currentPlan')}
            </Text>
            <Title order={2} fz="h3" data-testid="current-plan-name">
              {planName(plan)}
            </Title>
          </Stack>
          <Badge variant="light" color={plan.role === 'FREE' ? 'gray' : 'violet'}>
            {plan.tier === 'organization' ? t('upgrade.team') : t('upgrade.personal')}
          </Badge>
        </Group>
        {notes && (
          <Text size="sm" c="dimmed">
            {notes}
          </Text>
        )}
        {isTrial && subscription && <TrialCard subscription={subscription} />}
        <PlanFeatureList plan={plan} />
        {plan.role === 'FREE' && (
          <Button component={Link} to={paths.upgrade} leftSection={<IconRocket size={16} />} w="fit-content">
            {t('profile.upgradePlan')}
          </Button>
        )}
      </Stack>
    </Paper>
  )
}
