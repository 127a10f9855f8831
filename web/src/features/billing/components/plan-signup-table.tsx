import type { Plan } from '@ferry/contracts/api/plans'
import { Alert, Button, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { billingApi } from '../api/billing-api.js'
import { useUpgradeCheckout } from '../hooks/use-upgrade-checkout.js'
import { priceDisplay } from '../plan-display.js'
import { usePlanText } from './use-plan-text.js'

export interface PlanSignupTableProps {
  plans: Plan[]
  /** Admins give plans without charge (the server allows it for them only); others buy paid plans. */
  user: { id: string; isAdmin: boolean } | null
  loginTo: string
}

/**
 * The plan signup page (spec/accounts.md §2, §7): plan id and name with Subscribe. A paid plan goes through
 * checkout; a free one (any one, for an admin) is POST /api/billing/subscriptions with
 * 'Subscription created' or 'Failed to create subscription'.
 */
export function PlanSignupTable({ plans, user, loginTo }: PlanSignupTableProps) {
  const { t } = useTranslation('billing')
  const text = usePlanText()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const checkout = useUpgradeCheckout(user?.id ?? null)
  const [result, setResult] = useState<'created' | 'failed' | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  const subscribe = async (plan: Plan) => {
    if (!user) {
      notifications.show({ color: 'yellow', message: t('subscribe.loginRequired') })
      void navigate(loginTo)
      return
    }
    setResult(null)
    setBusy(plan.id)
    if (!user.isAdmin && priceDisplay(plan, 'yearly').kind === 'price') {
      await checkout.start({ plan, interval: 'yearly', referralCode: '' })
      setBusy(null)
      return
    }
    try {
      await billingApi.createSubscription({ user_id: user.id, plan_id: plan.id })
      setResult('created')
      void queryClient.invalidateQueries()
    } catch {
      setResult('failed')
    } finally {
      setBusy(null)
    }
  }

  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('subscribe.title')}
        </Title>
        {result && (
          <Alert
            color={result === 'created' ? 'green' : 'red'}
            variant="light"
            icon={result === 'created' ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
            withCloseButton
            onClose={() => setResult(null)}
            data-testid="subscribe-result"
          >
            {result === 'created' ? t('subscribe.created') : t('subscribe.failed')}
          </Alert>
        )}
        {checkout.error && (
          <Alert color="red" variant="light" withCloseButton onClose={checkout.reset}>
            {checkout.error}
          </Alert>
        )}
        <Table striped withTableBorder verticalSpacing="sm" data-testid="plan-signup-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('subscribe.planId')}</Table.Th>
              <Table.Th>{t('subscribe.name')}</Table.Th>
              <Table.Th>{t('comparison.rows.price')}</Table.Th>
              <Table.Th>{t('subscribe.action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plans.map((plan) => (
              <Table.Tr key={plan.id}>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {plan.id}
                  </Text>
                </Table.Td>
                <Table.Td>{plan.name}</Table.Td>
                <Table.Td>{text.price(priceDisplay(plan, 'yearly'))}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    loading={busy === plan.id || (checkout.pending && busy === plan.id)}
                    disabled={busy !== null && busy !== plan.id}
                    onClick={() => void subscribe(plan)}
                  >
                    {t('subscribe.subscribe')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  )
}
