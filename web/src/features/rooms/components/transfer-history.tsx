import { Alert, Badge, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { IconAlertCircle, IconSearch } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadMore } from '../../../components/load-more.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import { useFormatNumber } from '../../../components/use-format-number.js'
import { currentLanguage } from '../../../lib/i18n.js'
import { useTransferHistory } from '../api/room-queries.js'
import {
  filterHistory,
  historyDirection,
  historySpeed,
  historyStatusFilters,
  parseStatusFilter,
  statusColor,
  summarizeHistory,
} from '../history/transfer-history-rows.js'

/** /transfer-history (spec/transfers.md §2): search, status filter, the table and the summary row. */
export function TransferHistory({ userId }: { userId: string | undefined }) {
  const { t, i18n } = useTranslation('rooms')
  const formatDate = useFormatDate()
  const formatSize = useFormatFileSize()
  const formatNumber = useFormatNumber()
  const locale = currentLanguage(i18n)
  const history = useTransferHistory()
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState(parseStatusFilter(null))
  const items = useMemo(() => history.items ?? [], [history.items])
  const rows = useMemo(() => filterHistory(items, search, status), [items, search, status])
  const summary = useMemo(() => summarizeHistory(items), [items])

  let body: React.ReactNode
  if (history.isPending)
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {t('history.loading')}
      </Text>
    )
  else if (history.isError)
    body = (
      <Alert
        color="red"
        variant="light"
        title={t('history.errorTitle')}
        icon={<IconAlertCircle size={18} />}
        data-testid="history-error"
      >
        {t('history.loadFailed')}
      </Alert>
    )
  else if (rows.length === 0)
    body = (
      <Stack align="center" gap={4} py="xl" data-testid="history-empty">
        <Text fw={600}>{t('history.emptyTitle')}</Text>
        <Text c="dimmed" size="sm" ta="center">
          {items.length === 0 ? t('history.emptyNone') : t('history.emptyFiltered')}
        </Text>
      </Stack>
    )
  else
    body = (
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" data-testid="history-table">
          <Table.Thead>
            <Table.Tr>
              {(['file', 'direction', 'status', 'size', 'speed', 'date'] as const).map((column) => (
                <Table.Th key={column}>{t(`history.columns.${column}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((item) => {
              const speed = historySpeed(item.transfer_speed, locale)
              return (
                <Table.Tr key={item.id} data-testid="history-row">
                  <Table.Td>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {item.file_name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.mime_type}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {t(historyDirection(item, userId) === 'sent' ? 'history.sent' : 'history.received')}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={statusColor(item.status)} variant="light" data-status={item.status}>
                      {t(`history.status.${item.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatSize(item.file_size)}</Table.Td>
                  <Table.Td>{speed === null ? t('history.notAvailable') : speed}</Table.Td>
                  <Table.Td>{formatDate(item.created_at)}</Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    )
  const more =
    items.length > 0 ? (
      <LoadMore
        shown={items.length}
        total={history.total}
        hasMore={history.hasMore}
        loading={history.isFetchingNextPage}
        onLoadMore={history.loadMore}
        data-testid="history-load-more"
      />
    ) : null

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('history.title')}
        </Title>
        <Text c="dimmed">{t('history.subtitle')}</Text>
      </div>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group gap="sm" grow preventGrowOverflow={false}>
            <TextInput
              placeholder={t('history.search')}
              aria-label={t('history.search')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            <Select
              aria-label={t('history.statusFilter')}
              data={historyStatusFilters.map((value) => ({ value, label: t(`history.status.${value}`) }))}
              value={status}
              onChange={(value) => setStatus(parseStatusFilter(value))}
              allowDeselect={false}
              maw={220}
              data-testid="history-status"
            />
          </Group>
          {body}
          {more}
          {history.isSuccess && (
            <Group gap="xl" data-testid="history-summary">
              <Text size="sm">
                {t('history.totalTransfers')}: <b>{formatNumber(history.total)}</b>
              </Text>
              <Text size="sm">
                {t('history.completed')}: <b>{formatNumber(summary.completed)}</b>
              </Text>
              <Text size="sm">
                {t('history.totalData')}: <b>{formatSize(summary.totalData)}</b>
              </Text>
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  )
}
