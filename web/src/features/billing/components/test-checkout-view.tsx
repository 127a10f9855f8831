import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { IconAlertCircle, IconFlask } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ErrorAlert } from '../../../components/error-alert.js'
import { useFormatMoney } from '../../../components/use-format-money.js'
import { paths } from '../../../lib/paths.js'
import { billingApi } from '../api/billing-api.js'
import { useTestCheckout } from '../api/billing-queries.js'
import { billingErrorMessage } from '../billing-errors.js'
import { useBillingMessage } from './use-billing-message.js'

/**
 * The built-in test checkout of product.md §6 (/checkout/test/{sessionId}): clearly test mode, no
 * card; 'Pay (test)' runs the same fulfilment as a paid card checkout, 'Cancel' abandons it.
 */
export function TestCheckoutView({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('billing')
  const money = useFormatMoney()
  const describe = useBillingMessage()
  const session = useTestCheckout(sessionId)
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null)
  const [error, setError] = useState<string | null>(null)

  if (session.isPending) {
    return (
      <Center mih="40vh" aria-busy="true">
        <Loader type="dots" />
      </Center>
    )
  }
  if (session.isError || session.data.status !== 'open') {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="test-checkout-error">
          {session.isError ? describe(billingErrorMessage(session.error)) : t('testCheckout.loadFailed')}
        </Alert>
        <Button component={Link} to={paths.home} variant="default" w="fit-content">
          {t('testCheckout.backHome')}
        </Button>
      </Stack>
    )
  }

  const data = session.data
  const finish = async (action: 'pay' | 'cancel') => {
    setError(null)
    setBusy(action)
    try {
      const result =
        action === 'pay'
          ? await billingApi.completeTestCheckout(sessionId)
          : await billingApi.cancelTestCheckout(sessionId)
      window.location.assign(result.redirect_url)
    } catch (failure) {
      setError(t('testCheckout.failed', { message: describe(billingErrorMessage(failure)) }))
      setBusy(null)
    }
  }

  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="test-checkout">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} fz="h2">
            {t('testCheckout.title')}
          </Title>
          <Badge color="orange" size="lg" leftSection={<IconFlask size={14} />}>
            {t('testCheckout.badge')}
          </Badge>
        </Group>
        <Alert color="orange" variant="light" data-testid="test-mode-notice">
          {t('testCheckout.notice')}
        </Alert>
        <Table withTableBorder verticalSpacing="sm">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w="40%">{t('testCheckout.plan')}</Table.Th>
              <Table.Td data-testid="test-checkout-plan">{data.plan_name}</Table.Td>
            </Table.Tr>
            {data.transfer_id && (
              <Table.Tr>
                <Table.Th>{t('testCheckout.recoveryOf')}</Table.Th>
                <Table.Td data-testid="test-checkout-transfer">
                  {/* Its title, as the owner knows it; the id only for a transfer without one (walk 9.8). */}
                  {data.transfer_title ? (
                    data.transfer_title
                  ) : (
                    <Text ff="monospace" size="sm">
                      {data.transfer_id}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            )}
            {data.interval && (
              <Table.Tr>
                <Table.Th>{t('testCheckout.interval')}</Table.Th>
                <Table.Td data-testid="test-checkout-interval">{t(`testCheckout.intervals.${data.interval}`)}</Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th>{t('testCheckout.amount')}</Table.Th>
              <Table.Td data-testid="test-checkout-amount">{money(data.amount)}</Table.Td>
            </Table.Tr>
            {data.kind === 'subscription' && (
              <Table.Tr>
                <Table.Th>{t('testCheckout.trial')}</Table.Th>
                <Table.Td data-testid="test-checkout-trial">
                  {data.trial_days > 0
                    ? t('testCheckout.trialDays', { count: data.trial_days })
                    : t('testCheckout.noTrial')}
                </Table.Td>
              </Table.Tr>
            )}
            {data.referral_code && (
              <Table.Tr>
                <Table.Th>{t('testCheckout.referral')}</Table.Th>
                <Table.Td>{data.referral_code}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        {error && (
          <ErrorAlert onClose={() => setError(null)} data-testid="test-checkout-failed">
            {error}
          </ErrorAlert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            disabled={busy !== null}
            loading={busy === 'cancel'}
            onClick={() => void finish('cancel')}
          >
            {t('testCheckout.cancel')}
          </Button>
          <Button color="orange" disabled={busy !== null} loading={busy === 'pay'} onClick={() => void finish('pay')}>
            {t('testCheckout.pay')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
