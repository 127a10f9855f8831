import type { WebhookAttempt } from '@ferry/contracts/api/webhooks'
import { Badge, Button, Stack, Text } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/responsive-table.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { errorMessage } from '../../../lib/error-message.js'
import { useResendWebhookDelivery, useWebhookDeliveries } from '../api/use-webhooks.js'

const stateColors = { pending: 'yellow', delivered: 'teal', failed: 'red' } as const

/**
 * One endpoint's delivery log: each try (time, event, the receiver's status or why there was none,
 * duration, try number, the delivery's state) with "Send again", which re-queues the delivery under
 * the same webhook-id.
 */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const { t, i18n } = useTranslation('account')
  const formatDate = useFormatDate()
  const log = useWebhookDeliveries(endpointId)
  const resend = useResendWebhookDelivery(endpointId)

  const columns: ResponsiveColumn<WebhookAttempt>[] = [
    {
      key: 'at',
      label: t('webhooks.log.time'),
      card: 'title',
      tdProps: { style: { whiteSpace: 'nowrap' } },
      cell: (a) => formatDate(a.at),
    },
    {
      key: 'event',
      label: t('webhooks.log.event'),
      cell: (a) => (
        <Text size="sm" ff="monospace" data-testid="webhook-attempt-event">
          {a.event_type}
        </Text>
      ),
    },
    {
      key: 'status',
      label: t('webhooks.log.status'),
      cell: (a) =>
        a.status_code !== null ? (
          <Text size="sm" data-testid="webhook-attempt-status">
            {a.status_code}
          </Text>
        ) : (
          <Text size="sm" c="red" data-testid="webhook-attempt-status" style={{ overflowWrap: 'anywhere' }}>
            {a.error ?? t('webhooks.log.noAnswer')}
          </Text>
        ),
    },
    {
      key: 'duration',
      label: t('webhooks.log.duration'),
      cell: (a) => t('webhooks.log.ms', { count: a.duration_ms }),
    },
    {
      key: 'attempt',
      label: t('webhooks.log.attempt'),
      cell: (a) => <span data-testid="webhook-attempt-number">{a.attempt}</span>,
    },
    {
      key: 'state',
      label: t('webhooks.log.state'),
      cell: (a) => (
        <Badge color={stateColors[a.delivery_state]} variant="light" size="sm" data-testid="webhook-attempt-state">
          {t(`webhooks.states.${a.delivery_state}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      label: t('webhooks.log.actions'),
      card: 'actions',
      cell: (a) => (
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconRefresh size={16} />}
          loading={resend.isPending && resend.variables === a.delivery_id}
          onClick={() => resend.mutate(a.delivery_id)}
          data-testid="webhook-resend"
        >
          {t('webhooks.log.resend')}
        </Button>
      ),
    },
  ]

  const attempts = log.data?.attempts ?? []
  return (
    <Stack gap="xs" data-testid="webhook-deliveries">
      {resend.isError && <ErrorAlert onClose={resend.reset}>{errorMessage(i18n, resend.error)}</ErrorAlert>}
      {resend.isSuccess && (
        <Text size="sm" c="teal" data-testid="webhook-resend-queued">
          {t('webhooks.log.queued')}
        </Text>
      )}
      {log.isError && <ErrorAlert onClose={() => void log.refetch()}>{errorMessage(i18n, log.error)}</ErrorAlert>}
      {log.data &&
        (attempts.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="webhook-deliveries-empty">
            {t('webhooks.log.empty')}
          </Text>
        ) : (
          <ResponsiveTable
            rows={attempts}
            columns={columns}
            rowKey={(a) => `${a.delivery_id}:${a.attempt}`}
            rowAttributes={(a) => ({ 'data-testid': 'webhook-attempt', 'data-delivery-id': a.delivery_id })}
            label={t('webhooks.log.title')}
            minWidth={640}
            tableProps={{ verticalSpacing: 'xs', 'data-testid': 'webhook-attempts-table' }}
            cardsTestId="webhook-attempts-cards"
          />
        ))}
    </Stack>
  )
}
