import { type AdminReferral, type PayoutStatus, payoutStatuses } from '@ferry/contracts/api/referrals'
import { Alert, Badge, Button, Center, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { LoadMore } from '../../../components/load-more.js'
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/responsive-table.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useFormatMoney } from '../../../components/use-format-money.js'
import { errorMessage } from '../../../lib/error-message.js'
import { useAdminReferrals, usePayoutAction } from '../api/referral-queries.js'
import type { PayoutAction } from '../api/referrals-api.js'
import { payoutColor } from '../referral-stats.js'

/** Which actions each payout status allows (PENDING → APPROVED → PAID, or CANCELLED). */
const actionsFor: Record<PayoutStatus, PayoutAction[]> = {
  PENDING: ['approve', 'cancel'],
  APPROVED: ['markPaid', 'cancel'],
  PAID: [],
  CANCELLED: [],
}

/** The admin's referral payouts: every payout with its users, and Approve / Mark paid / Cancel. */
export function AdminPayoutsPanel() {
  const { t, i18n } = useTranslation('billing')
  const formatDate = useFormatDate()
  const money = useFormatMoney()
  const [filter, setFilter] = useState<PayoutStatus | 'ALL'>('ALL')
  const filterLabelId = useId()
  const list = useAdminReferrals(filter === 'ALL' ? null : filter)
  const action = usePayoutAction()
  const [error, setError] = useState<string | null>(null)

  const run = (id: string, kind: PayoutAction) => {
    setError(null)
    action.mutate(
      { id, action: kind },
      { onError: (failure) => setError(t('referrals.admin.actionFailed', { message: errorMessage(i18n, failure) })) },
    )
  }

  const columns: ResponsiveColumn<AdminReferral>[] = [
    {
      key: 'code',
      label: t('referrals.columns.code'),
      card: 'title',
      cell: (referral) => (
        <Text ff="monospace" size="sm" fw="inherit">
          {referral.invite_code}
        </Text>
      ),
    },
    { key: 'inviter', label: t('referrals.admin.inviter'), cell: (referral) => referral.inviter_email },
    { key: 'invitee', label: t('referrals.admin.invitee'), cell: (referral) => referral.invited_email ?? '—' },
    { key: 'amount', label: t('referrals.admin.amount'), cell: (referral) => money(referral.payout_amount) },
    {
      key: 'status',
      label: t('referrals.admin.status'),
      cell: (referral) =>
        referral.payout_status && (
          <Badge variant="light" color={payoutColor(referral.payout_status)} data-testid="payout-status">
            {t(`referrals.payoutStatus.${referral.payout_status}`)}
          </Badge>
        ),
    },
    {
      key: 'converted',
      label: t('referrals.columns.converted'),
      tdProps: { style: { whiteSpace: 'nowrap' } },
      cell: (referral) => (referral.conversion_date ? formatDate(referral.conversion_date, 'date') : '—'),
    },
    {
      key: 'actions',
      label: t('referrals.columns.actions'),
      card: 'actions',
      cell: (referral) => (
        <Group gap={4} wrap="nowrap">
          {(referral.payout_status ? actionsFor[referral.payout_status] : []).map((kind) => (
            <Button
              key={kind}
              size="compact-xs"
              variant={kind === 'cancel' ? 'subtle' : 'light'}
              color={kind === 'cancel' ? 'red' : kind === 'markPaid' ? 'green' : 'blue'}
              loading={action.isPending && action.variables?.id === referral.id && action.variables.action === kind}
              disabled={action.isPending}
              onClick={() => run(referral.id, kind)}
            >
              {t(`referrals.admin.${kind}`)}
            </Button>
          ))}
        </Group>
      ),
    },
  ]

  return (
    <Stack gap="md" data-testid="admin-payouts">
      <Group justify="space-between">
        <Title order={2} fz="h4">
          {t('referrals.admin.title')}
        </Title>
        {/* A filter by payout status (walk 7.4: it was labelled 'All Plans'). */}
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" id={filterLabelId}>
            {t('referrals.admin.statusFilter')}
          </Text>
          <SegmentedControl
            size="xs"
            value={filter}
            onChange={(value) => setFilter(value as PayoutStatus | 'ALL')}
            aria-labelledby={filterLabelId}
            data-testid="payout-status-filter"
            data={[
              { value: 'ALL', label: t('referrals.admin.allStatuses') },
              ...payoutStatuses.map((status) => ({ value: status, label: t(`referrals.payoutStatus.${status}`) })),
            ]}
          />
        </Group>
      </Group>
      {error && (
        <ErrorAlert onClose={() => setError(null)} data-testid="payout-action-error">
          {error}
        </ErrorAlert>
      )}
      {list.isPending ? (
        <Center py="xl" aria-busy="true">
          <Loader type="dots" />
        </Center>
      ) : list.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {t('referrals.admin.loadFailed')}
        </Alert>
      ) : (list.items ?? []).length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {t('referrals.admin.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          <ResponsiveTable
            rows={list.items ?? []}
            columns={columns}
            rowKey={(referral) => referral.id}
            rowAttributes={(referral) => ({ 'data-testid': 'payout-row', 'data-code': referral.invite_code })}
            label={t('referrals.admin.title')}
            minWidth={820}
            tableProps={{ striped: true, verticalSpacing: 'sm' }}
            cardsTestId="payout-cards"
          />
          <LoadMore
            shown={list.items?.length ?? 0}
            total={list.total}
            hasMore={list.hasMore}
            loading={list.isFetchingNextPage}
            onLoadMore={list.loadMore}
            data-testid="payouts-load-more"
          />
        </Stack>
      )}
    </Stack>
  )
}
