import type { DataRoomLogEntry, DataRoomViewer } from '@ferry/contracts/api/data-room'
import type { Transfer } from '@ferry/contracts/api/transfers'
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconBan, IconFileSpreadsheet, IconRestore } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/responsive-table.js'
import { dateLocales, useFormatDate } from '../../../components/use-format-date.js'
import { errorMessage } from '../../../lib/error-message.js'
import { currentLanguage } from '../../../lib/i18n.js'
import { roomLogCsvHref, useRoomLog, useRoomViewerAccess } from '../api/data-room-api.js'
import { formatDwell } from '../data-room/dwell-format.js'

/** One recipient of the room: their state, what they viewed, and Revoke or Restore. */
function ViewerRow({ viewer, transferId }: { viewer: DataRoomViewer; transferId: string }) {
  const { t, i18n } = useTranslation('transfers')
  const formatDate = useFormatDate()
  const access = useRoomViewerAccess(transferId)
  const revoked = viewer.revoked_at !== null
  const busy = access.isPending && access.variables?.recipientId === viewer.recipient_id
  return (
    <Stack gap={4} data-testid="data-room-viewer-row" data-email={viewer.email} data-revoked={String(revoked)}>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Stack gap={0} miw={0}>
          <Group gap="xs">
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {viewer.email}
            </Text>
            <Badge color={revoked ? 'red' : 'green'} variant="light" tt="none" data-testid="data-room-viewer-state">
              {revoked ? t('dataRoom.panel.revoked') : t('dataRoom.panel.canView')}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t('dataRoom.panel.pagesViewed', { count: viewer.pages_viewed })}
            {viewer.last_seen_at && ` · ${t('dataRoom.panel.lastSeen', { date: formatDate(viewer.last_seen_at) })}`}
          </Text>
        </Stack>
        <Button
          variant={revoked ? 'default' : 'light'}
          color={revoked ? undefined : 'red'}
          size="xs"
          leftSection={revoked ? <IconRestore size={14} /> : <IconBan size={14} />}
          loading={busy}
          disabled={access.isPending}
          aria-label={t(revoked ? 'dataRoom.panel.restoreFor' : 'dataRoom.panel.revokeFor', { email: viewer.email })}
          onClick={() => access.mutate({ recipientId: viewer.recipient_id, revoke: !revoked })}
          data-testid={revoked ? 'data-room-restore' : 'data-room-revoke'}
        >
          {revoked ? t('dataRoom.panel.restore') : t('dataRoom.panel.revoke')}
        </Button>
      </Group>
      {access.isError && (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(i18n, access.error)}
        </Text>
      )}
    </Stack>
  )
}

/**
 * The sender's clean data room on the transfer's page (issue 19 item 3): each recipient with
 * Revoke (their next page fails) or Restore, the append-only log of page views (who, which file
 * and page, when, for how long), refreshed while open, and its CSV export.
 */
export function TransferDataRoomPanel({ transfer }: { transfer: Transfer }) {
  const { t, i18n } = useTranslation('transfers')
  const formatDate = useFormatDate()
  const log = useRoomLog(transfer.id)
  const locale = dateLocales[currentLanguage(i18n)]

  const columns: ResponsiveColumn<DataRoomLogEntry>[] = [
    { key: 'when', label: t('dataRoom.panel.when'), cell: (entry) => formatDate(entry.at) },
    { key: 'who', label: t('dataRoom.panel.who'), cell: (entry) => entry.email, card: 'title' },
    { key: 'file', label: t('dataRoom.panel.file'), cell: (entry) => entry.file_name },
    {
      key: 'page',
      label: t('dataRoom.panel.page'),
      cell: (entry) => (entry.action === 'pdf' ? t('dataRoom.panel.pdfEntry') : String(entry.page ?? '')),
      tdProps: { 'data-testid': 'data-room-entry-page' },
    },
    {
      key: 'duration',
      label: t('dataRoom.panel.duration'),
      cell: (entry) => (entry.action === 'pdf' ? '' : formatDwell(entry.duration_ms, locale)),
    },
  ]

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="transfer-data-room-title"
      data-testid="data-room-panel"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="md" id="transfer-data-room-title">
            {t('dataRoom.panel.title')}
          </Title>
          <Button
            component="a"
            href={roomLogCsvHref(transfer.id)}
            download
            variant="default"
            size="xs"
            leftSection={<IconFileSpreadsheet size={14} />}
            data-testid="data-room-export"
          >
            {t('dataRoom.panel.export')}
          </Button>
        </Group>
        {log.isError && (
          <Text size="sm" c="red.8" role="alert" data-testid="data-room-log-error">
            {t('dataRoom.panel.loadFailed')} {errorMessage(i18n, log.error)}
          </Text>
        )}
        <Stack gap={6}>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {t('dataRoom.panel.viewers')}
          </Text>
          {log.viewers?.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('dataRoom.panel.noViewers')}
            </Text>
          )}
          {log.viewers?.map((viewer) => (
            <ViewerRow key={viewer.recipient_id} viewer={viewer} transferId={transfer.id} />
          ))}
        </Stack>
        <Stack gap={6}>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {t('dataRoom.panel.log')}
          </Text>
          {log.entries?.length === 0 && (
            <Text size="sm" c="dimmed" data-testid="data-room-log-empty">
              {t('dataRoom.panel.noEntries')}
            </Text>
          )}
          {log.entries && log.entries.length > 0 && (
            <ResponsiveTable
              rows={log.entries}
              columns={columns}
              rowKey={(entry) => `${entry.at}|${entry.view_id ?? 'pdf'}|${entry.page ?? 0}|${entry.recipient_id}`}
              rowAttributes={(entry) => ({
                'data-testid': 'data-room-entry',
                'data-email': entry.email,
                'data-file-name': entry.file_name,
              })}
              label={t('dataRoom.panel.log')}
              minWidth={560}
              tableProps={{ striped: true, verticalSpacing: 'xs' }}
              cardsTestId="data-room-entry-cards"
            />
          )}
          {log.hasNextPage && (
            <Group>
              <Button
                variant="default"
                size="xs"
                loading={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                {t('dataRoom.panel.older')}
              </Button>
            </Group>
          )}
        </Stack>
      </Stack>
    </Paper>
  )
}
