import { type PayoutStatus, payoutStatuses } from '@ferry/contracts/api/referrals'
import { Alert, Badge, Button, Center, Group, Loader, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { LoadMore } from '../../../components/load-more.js'
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
        <Table.ScrollContainer minWidth={820}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('referrals.columns.code')}</Table.Th>
                <Table.Th>{t('referrals.admin.inviter')}</Table.Th>
                <Table.Th>{t('referrals.admin.invitee')}</Table.Th>
                <Table.Th>{t('referrals.admin.amount')}</Table.Th>
                <Table.Th>{t('referrals.admin.status')}</Table.Th>
                <Table.Th>{t('referrals.columns.converted')}</Table.Th>
                <Table.Th>{t('referrals.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.items ?? []).map((referral) => (
                <Table.Tr key={referral.id} data-testid="payout-row" data-code={referral.invite_code}>
                  <Table.Td>
                    <Text ff="monospace" size="sm">
                      {referral.invite_code}
                    </Text>
                  </Table.Td>
                  <Table.Td>{referral.inviter_email}</Table.Td>
                  <Table.Td>{referral.invited_email ?? '—'}</Table.Td>
                  <Table.Td>{money(referral.payout_amount)}</Table.Td>
                  <Table.Td>
                    {referral.payout_status && (
                      <Badge variant="light" color={payoutColor(referral.payout_status)} data-testid="payout-status">
                        {t(`referrals.payoutStatus.${referral.payout_status}`)}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {referral.conversion_date ? formatDate(referral.conversion_date, 'date') : '—'}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {(referral.payout_status ? actionsFor[referral.payout_status] : []).map((kind) => (
                        <Button
                          key={kind}
                          size="compact-xs"
                          variant={kind === 'cancel' ? 'subtle' : 'light'}
                          color={kind === 'cancel' ? 'red' : kind === 'markPaid' ? 'green' : 'blue'}
                          loading={
                            action.isPending && action.variables?.id === referral.id && action.variables.action === kind
                          }
                          disabled={action.isPending}
                          onClick={() => run(referral.id, kind)}
                        >
                          {t(`referrals.admin.${kind}`)}
                        </Button>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <LoadMore
            shown={list.items?.length ?? 0}
            total={list.total}
            hasMore={list.hasMore}
            loading={list.isFetchingNextPage}
            onLoadMore={list.loadMore}
            data-testid="payouts-load-more"
          />
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}
