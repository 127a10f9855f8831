import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core'
import { IconDownload, IconX } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useFormatFileSize, useFormatSpeed } from '../../../components/use-format-file-size.js'
import type { TransferView } from '../hooks/use-room-transfers.js'
import { transferFailures } from '../p2p/channel-protocol.js'

export interface TransferCardProps {
  view: TransferView
  onCancel(): void
  onDismiss(): void
}

const running = ['waiting', 'connecting', 'transferring'] as const

/** One transfer on either side: progress (bytes, %, speed), then the outcome, Download for the receiver. */
export function TransferCard({ view, onCancel, onDismiss }: TransferCardProps) {
  const { t } = useTranslation('rooms')
  const formatSize = useFormatFileSize()
  const formatSpeed = useFormatSpeed()
  const { transfer, progress, phase } = view
  const isRunning = (running as readonly string[]).includes(phase)
  const percent = phase === 'completed' ? 100 : (progress?.percent ?? 0)
  const bytes = phase === 'completed' ? transfer.file_size : (progress?.bytes ?? 0)
  const reason =
    view.failure && (transferFailures as readonly string[]).includes(view.failure)
      ? t(`transfers.reason.${view.failure as (typeof transferFailures)[number]}`)
      : view.failure
  return (
    <Paper withBorder radius="md" p="md" data-testid="transfer-card" data-phase={phase}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={500} truncate>
            {transfer.file_name}
          </Text>
          <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
            {view.direction === 'sending'
              ? t('transfers.sendingTo', { name: transfer.recipient_name })
              : t('transfers.receivingFrom', { name: transfer.sender_name })}
          </Text>
        </Group>
        {/* Not animated: moving stripes repaint every frame, CPU the transfer itself needs. */}
        <Progress
          value={percent}
          color={phase === 'failed' ? 'red' : phase === 'completed' ? 'green' : 'blue'}
          aria-label={transfer.file_name}
        />
        <Text size="sm" c="dimmed" data-testid="transfer-progress">
          {/* A finished transfer shows one speed, the average of its status line; the live figure is for while it runs. */}
          {isRunning
            ? t('transfers.progress', {
                bytes: formatSize(bytes),
                total: formatSize(transfer.file_size),
                percent,
                speed: formatSpeed(Math.round(progress?.bytesPerSecond ?? 0)),
              })
            : t('transfers.progressDone', { bytes: formatSize(bytes), total: formatSize(transfer.file_size), percent })}
        </Text>
        <Group justify="space-between">
          <Text size="sm" data-testid="transfer-status" c={phase === 'failed' ? 'red' : undefined}>
            {phase === 'failed'
              ? t('transfers.failed', { reason: reason ?? '' })
              : t(`transfers.phase.${phase === 'requested' ? 'waiting' : phase}`, {
                  // view.speed is MiB/s, as the server records it.
                  speed: formatSpeed((view.speed ?? 0) * 1024 * 1024),
                })}
          </Text>
          <Group gap="xs">
            {view.downloadUrl && (
              <Button
                component="a"
                href={view.downloadUrl}
                download={transfer.file_name}
                size="xs"
                leftSection={<IconDownload size={14} />}
              >
                {t('transfers.download')}
              </Button>
            )}
            {isRunning ? (
              <Button size="xs" variant="default" color="red" leftSection={<IconX size={14} />} onClick={onCancel}>
                {t('transfers.cancel')}
              </Button>
            ) : (
              <Button size="xs" variant="subtle" color="gray" onClick={onDismiss}>
                {t('transfers.dismiss')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  )
}
