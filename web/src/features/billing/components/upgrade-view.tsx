import type { Plan } from '@ferry/contracts/api/plans'
import { Alert, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconAlertCircle, IconLogin, IconRefresh, IconUserCheck } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useUpgradeCheckout } from '../hooks/use-upgrade-checkout.js'
import {
  type BillingInterval,
  filterPlans,
  mayChoose,
  type PlanFilter,
  planAction,
  yearlySaving,
} from '../plan-display.js'
import { PlanCard } from './plan-card.js'
import { PlanComparisonTable } from './plan-comparison-table.js'
import { UpgradeFaq } from './upgrade-faq.js'
import { UpgradeModal } from './upgrade-modal.js'

export interface UpgradeViewProps {
  plans: { data: Plan[] | undefined; isError: boolean; refetch(): void }
  /** The signed-in user, or null for a visitor. */
  user: { id: string; name: string } | null
  /** The id of the user's plan; null while unknown or for a visitor. */
  currentPlanId: string | null
  currentPlanName: string | null
  /** True while the signed-in user's plan is loading. */
  currentPlanPending: boolean
  loginTo: string
  /** Where a visitor signs up for the free plan. */
  signupTo: string
  contactTo: string
  /** The code a /register?ref= link carried, to prefill the referral field. */
  initialReferralCode: string
}

/** /upgrade, 'Choose Your Plan' (spec/accounts.md §2): login state, filters, Monthly/Yearly, cards, comparison and FAQ (the page adds the terms). */
export function UpgradeView({
  plans,
  user,
  currentPlanId,
  currentPlanName,
  currentPlanPending,
  loginTo,
  signupTo,
  contactTo,
  initialReferralCode,
}: UpgradeViewProps) {
  const { t } = useTranslation('billing')
  const navigate = useNavigate()
  const [filter, setFilter] = useState<PlanFilter>('all')
  const [interval, setInterval] = useState<BillingInterval>('yearly')
  const [chosen, setChosen] = useState<Plan | null>(null)
  const checkout = useUpgradeCheckout(user?.id ?? null)
  // The card provider's checkout was left with Cancel: say so, and that nothing was charged.
  const [params] = useSearchParams()
  const [cancelledShown, setCancelledShown] = useState(params.get('checkout') === 'cancelled')
  const shown = filterPlans(plans.data ?? [], filter)
  const saving = yearlySaving(plans.data ?? [])

  const choose = (plan: Plan) => {
    if (!user) {
      notifications.show({ color: 'yellow', message: t('upgrade.loginRequired') })
      void navigate(loginTo)
      return
    }
    if (!mayChoose(plan, currentPlanId)) return
    checkout.reset()
    setChosen(plan)
  }

  return (
    <Stack gap={40}>
      <Stack gap="xs" align="center" ta="center">
        <Title order={1}>{t('upgrade.title')}</Title>
        <Text c="dimmed">{t('upgrade.subtitle')}</Text>
      </Stack>
      {cancelledShown && (
        <Alert
          color="yellow"
          variant="light"
          withCloseButton
          closeButtonLabel={t('upgrade.checkoutCancelledClose')}
          onClose={() => setCancelledShown(false)}
          data-testid="checkout-cancelled"
        >
          {t('upgrade.checkoutCancelled')}
        </Alert>
      )}

      <Paper withBorder radius="lg" p="md" data-testid="upgrade-login-state">
        {user ? (
          <Group gap="sm">
            <IconUserCheck size={20} color="var(--mantine-color-green-6)" />
            <Text size="sm">{t('upgrade.loggedInAs', { name: user.name })}</Text>
            {currentPlanName && (
              <Text size="sm" c="dimmed" data-testid="upgrade-current-plan">
                {t('upgrade.currentPlanIs', { plan: currentPlanName })}
              </Text>
            )}
          </Group>
        ) : (
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('upgrade.notLoggedIn')}</Text>
            <Button component={Link} to={loginTo} leftSection={<IconLogin size={16} />} size="sm">
              {t('upgrade.login')}
            </Button>
          </Group>
        )}
      </Paper>

      <Group justify="space-between" gap="md">
        <SegmentedControl
          aria-label={t('upgrade.filters.label')}
          value={filter}
          onChange={(value) => setFilter(value as PlanFilter)}
          data={[
            { value: 'all', label: t('upgrade.filters.all') },
            { value: 'individual', label: t('upgrade.filters.individual') },
            { value: 'organization', label: t('upgrade.filters.organization') },
          ]}
        />
        <Group gap="sm">
          <Text size="sm" fw={interval === 'monthly' ? 700 : 400}>
            {t('upgrade.monthly')}
          </Text>
          <Switch
            checked={interval === 'yearly'}
            onChange={(event) => setInterval(event.currentTarget.checked ? 'yearly' : 'monthly')}
            label={
              saving === null
                ? t('upgrade.yearly')
                : t(saving.upTo ? 'upgrade.yearlySavingUpTo' : 'upgrade.yearlySaving', { percent: saving.percent })
            }
            data-testid="yearly-switch"
          />
        </Group>
      </Group>

      {plans.isError && !plans.data ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="plans-error">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('upgrade.loadFailed')}</Text>
            <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={plans.refetch}>
              {t('upgrade.retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {shown.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                interval={interval}
                action={planAction(plan, currentPlanId, user !== null)}
                contactTo={contactTo}
                signupTo={signupTo}
                disabled={currentPlanPending}
                onChoose={choose}
              />
            ))}
          </SimpleGrid>
          {plans.data && shown.length === 0 && (
            <Text c="dimmed" ta="center">
              {t('upgrade.noPlans')}
            </Text>
          )}
          {shown.length > 0 && <PlanComparisonTable plans={shown} interval={interval} />}
        </>
      )}

      <UpgradeFaq saving={saving} />

      <UpgradeModal
        plan={chosen}
        interval={interval}
        initialReferralCode={initialReferralCode}
        pending={checkout.pending}
        error={checkout.error}
        onDismissError={checkout.reset}
        onClose={() => setChosen(null)}
        onContinue={(code) => {
          if (!chosen) {
            notifications.show({ color: 'yellow', message: t('upgrade.selectPlanFirst') })
            return
          }
          void checkout.start({ plan: chosen, interval, referralCode: code })
        }}
      />
    </Stack>
  )
}
