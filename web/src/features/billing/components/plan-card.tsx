import type { Plan } from '@ferry/contracts/api/plans'
import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core'
import { IconCheck } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { usePlanName } from '../../../components/use-plan-name.js'
import { usePlanNotes } from '../hooks/use-plan-notes.js'
import {
  type BillingInterval,
  durationDisplay,
  isRecommended,
  type PlanAction,
  priceDisplay,
  sizeDisplay,
} from '../plan-display.js'
import { usePlanText } from './use-plan-text.js'

export interface PlanCardProps {
  plan: Plan
  interval: BillingInterval
  action: PlanAction
  contactTo: string
  /** Where a visitor signs up for the free plan. */
  signupTo: string
  /** While the user's current plan is still loading, nothing can be chosen yet. */
  disabled?: boolean
  onChoose(plan: Plan): void
}

/** A plan card of the upgrade page (spec/accounts.md §2): badges, price, highlights and the one button its state allows. */
export function PlanCard({ plan, interval, action, contactTo, signupTo, disabled = false, onChoose }: PlanCardProps) {
  const { t } = useTranslation('billing')
  const planName = usePlanName()
  const notes = usePlanNotes()(plan)
  const text = usePlanText()
  const recommended = isRecommended(plan)
  const size = sizeDisplay(plan.max_transfer_size_gb)
  const expiry = durationDisplay(plan.max_transfer_expiry_hours)
  const highlights = [
    size === null ? t('upgrade.cardFeatures.sizeUnlimited') : t('upgrade.cardFeatures.size', { size: text.size(size) }),
    expiry === null
      ? t('upgrade.cardFeatures.expiryUnlimited')
      : t('upgrade.cardFeatures.expiry', { duration: text.duration(expiry) }),
    t('upgrade.cardFeatures.recipients', { count: plan.max_recipients }),
    t('upgrade.cardFeatures.roomUsers', { count: plan.max_room_users }),
    ...(plan.is_trial_available && plan.trial_days > 0
      ? [t('upgrade.cardFeatures.trial', { count: plan.trial_days })]
      : []),
    ...(plan.ads_enabled ? [] : [t('upgrade.cardFeatures.noAds')]),
    ...(plan.recovery_allowed ? [t('upgrade.cardFeatures.recovery')] : []),
    ...(plan.allows_payouts && plan.payout_amount !== null
      ? [t('upgrade.cardFeatures.payouts', { amount: text.money(plan.payout_amount) })]
      : []),
  ]

  const button = {
    current: (
      <Button fullWidth variant="default" disabled>
        {t('upgrade.currentPlan')}
      </Button>
    ),
    downgrade: (
      <Button fullWidth variant="default" disabled>
        {t('upgrade.downgradeNotAvailable')}
      </Button>
    ),
    signup: (
      <Button fullWidth variant="light" component={Link} to={signupTo}>
        {t('upgrade.signUpFree')}
      </Button>
    ),
    contact: (
      <Button fullWidth variant="light" component={Link} to={contactTo}>
        {t('upgrade.contactUs')}
      </Button>
    ),
    choose: (
      <Button fullWidth variant={recommended ? 'filled' : 'outline'} disabled={disabled} onClick={() => onChoose(plan)}>
        {t('upgrade.choose')}
      </Button>
    ),
  }[action]

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      shadow={recommended ? 'md' : 'xs'}
      style={recommended ? { borderColor: 'var(--mantine-color-blue-5)', borderWidth: 2 } : undefined}
      data-testid="plan-card"
      data-plan={plan.id}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="h4">
            {planName(plan)}
          </Title>
          <Group gap={4}>
            {recommended && <Badge color="blue">{t('upgrade.recommended')}</Badge>}
            <Badge variant="light" color={plan.tier === 'organization' ? 'grape' : 'teal'} data-testid="plan-tier">
              {plan.tier === 'organization' ? t('upgrade.team') : t('upgrade.personal')}
            </Badge>
          </Group>
        </Group>
        <Text fz={26} fw={800} data-testid="plan-price">
          {text.price(priceDisplay(plan, interval))}
        </Text>
        {notes && (
          <Text size="sm" c="dimmed">
            {notes}
          </Text>
        )}
        <List
          spacing={4}
          size="sm"
          icon={<IconCheck size={16} color="var(--mantine-color-green-6)" />}
          style={{ flex: 1 }}
        >
          {highlights.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        {button}
      </Stack>
    </Card>
  )
}
