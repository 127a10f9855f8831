import type { StorageUsage } from '@ferry/contracts/api/admin'
import { Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import { adminErrorText, isAccessDenied } from '../admin-error-text.js'
import { useStorageUsage } from '../api/admin-queries.js'
import { AccessDenied } from './access-denied.js'
import { type StorageBar, StorageBars } from './storage-bars.js'
import { StorageTables } from './storage-tables.js'

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  )
}

/** The Storage Usage tab (product.md §4): totals, a chart of where the bytes are, per plan and user, largest transfers. */
export function StoragePanel() {
  const { t, i18n } = useTranslation('admin')
  const formatSize = useFormatFileSize()
  const usage = useStorageUsage()

  if (usage.isError && isAccessDenied(usage.error)) return <AccessDenied />
  if (usage.isPending) {
    return (
      <Center py="xl" aria-busy="true">
        <Loader type="dots" />
      </Center>
    )
  }
  if (usage.isError) {
    return (
      <ErrorAlert title={t('errorTitle')} onClose={() => void usage.refetch()}>
        {adminErrorText(i18n, usage.error, t('storage.loadFailed'))}
      </ErrorAlert>
    )
  }

  const { totals } = usage.data
  const figure = (f: { count: number; bytes: number }) =>
    `${formatSize(f.bytes)} · ${t('storage.items', { count: f.count })}`
  const bars: StorageBar[] = [
    { id: 'live', label: t('storage.liveTransfers'), f: totals.transfers.live, color: 'blue' },
    { id: 'retained', label: t('storage.retainedTransfers'), f: totals.transfers.retained, color: 'yellow' },
    { id: 'sweep', label: t('storage.sweepTransfers'), f: totals.transfers.awaiting_sweep, color: 'orange' },
    { id: 'received', label: t('storage.requestFiles'), f: totals.request_files.kept, color: 'teal' },
    {
      id: 'received-sweep',
      label: t('storage.requestFilesSweep'),
      f: totals.request_files.awaiting_sweep,
      color: 'orange',
    },
    { id: 'pending', label: t('storage.pendingUploads'), f: totals.pending_uploads, color: 'gray' },
  ].map(({ f, ...bar }) => ({ ...bar, bytes: f.bytes, caption: figure(f) }))

  return (
    <Stack gap="lg" data-testid="storage-panel">
      <Group justify="space-between">
        <Title order={2} fz="xl">
          {t('storage.title')}
        </Title>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          loading={usage.isFetching}
          onClick={() => void usage.refetch()}
        >
          {t('storage.refresh')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label={t('storage.stored')} value={formatSize(totals.stored_bytes)} testId="storage-stored" />
        <Stat
          label={t('storage.liveTransfers')}
          value={t('storage.items', { count: totals.transfers.live.count })}
          testId="storage-live-count"
        />
        <Stat
          label={t('storage.awaitingSweep')}
          value={formatSize(totals.awaiting_sweep_bytes)}
          testId="storage-sweep"
        />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={3} fz="lg">
            {t('storage.chartTitle')}
          </Title>
          <StorageBars bars={bars} label={t('storage.chartTitle')} />
        </Stack>
      </Paper>
      <StorageTables usage={usage.data satisfies StorageUsage} />
    </Stack>
  )
}
