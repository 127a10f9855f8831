import { Anchor, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core'
import { IconDownload, IconLink, IconX } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useFormatFileSize, useFormatSpeed } from '../../../components/use-format-file-size.js'
import { translatedErrorMessage } from '../../../lib/error-message.js'
import { type TransferProgressStore, useTransferProgress } from '../hooks/transfer-progress-store.js'
import type { TransferView } from '../hooks/use-room-transfers.js'
import { transferFailures } from '../p2p/channel-protocol.js'

export interface TransferCardProps {
  view: TransferView
  /** Where the running transfer's progress is (only this card re-renders as it moves). */
  progressStore: TransferProgressStore
  onCancel(): void
  onDismiss(): void
  /** The sender is signed in, so may send an offer that could not connect as a stored transfer. */
  canSendAsLink: boolean
  onSendAsLink(): void
}

const running = ['waiting', 'connecting', 'transferring'] as const

/** One transfer on either side: progress (bytes, %, speed), then the outcome, Download for the receiver. */
export function TransferCard({
  view,
  progressStore,
  onCancel,
  onDismiss,
  canSendAsLink,
  onSendAsLink,
}: TransferCardProps) {
  const { t } = useTranslation('rooms')
  const formatSize = useFormatFileSize()
  const formatSpeed = useFormatSpeed()
  const { transfer, phase } = view
  const progress = useTransferProgress(progressStore, transfer.transfer_id)
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
        {/* Not animated (no stripes, no eased width): each animation frame is a repaint, CPU the transfer itself needs. */}
        <Progress
          value={percent}
          transitionDuration={0}
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
              : view.reconnecting && isRunning
                ? t('transfers.reconnecting')
                : t(`transfers.phase.${phase === 'requested' ? 'waiting' : phase}`, {
                    // view.speed is MiB/s, as the server records it.
                    speed: formatSpeed((view.speed ?? 0) * 1024 * 1024),
                  })}
          </Text>
          <Group gap="xs">
            {view.downloads.length === 1 && view.downloads[0] && (
              <Button
                component="a"
                href={view.downloads[0].url}
                download={view.downloads[0].name}
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
        {phase === 'completed' && view.resumes > 0 && (
          <Text size="sm" c="dimmed" data-testid="transfer-resumed">
            {t('transfers.resumed', { count: view.resumes })}
          </Text>
        )}
        {view.direction === 'sending' && phase === 'failed' && view.noDirectConnection && (
          <SendAsLinkBox view={view} canSendAsLink={canSendAsLink} onSendAsLink={onSendAsLink} />
        )}
        {view.downloads.length > 1 && (
          <Stack gap={2} data-testid="received-files">
            <Text size="sm">{t('transfers.filesReceived', { count: view.downloads.length })}</Text>
            {view.downloads.map((download) => (
              <Anchor key={download.url} href={download.url} download={download.name} size="sm">
                <IconDownload size={12} style={{ verticalAlign: 'middle' }} /> {download.name}
              </Anchor>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  )
}

/**
 * No direct connection could be made (issue 24 item 4): one click sends the same files as a link
 * transfer to the same recipient; a visitor is told to sign in, as a stored transfer needs an account.
 */
function SendAsLinkBox({
  view,
  canSendAsLink,
  onSendAsLink,
}: Pick<TransferCardProps, 'view' | 'canSendAsLink' | 'onSendAsLink'>) {
  const { t, i18n } = useTranslation('rooms')
  const { asLink } = view
  if (!canSendAsLink)
    return (
      <Text size="sm" c="dimmed" data-testid="send-as-link-sign-in">
        {t('transfers.asLink.signIn')}
      </Text>
    )
  if (asLink?.state === 'sent')
    return (
      <Text size="sm" data-testid="send-as-link-sent">
        {t('transfers.asLink.sent', { name: view.transfer.recipient_name })}{' '}
        <Anchor href={asLink.shareUrl} target="_blank" rel="noopener noreferrer">
          {asLink.shareUrl}
        </Anchor>
      </Text>
    )
  const sending = asLink?.state === 'sending'
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" c="dimmed">
        {t('transfers.asLink.explain')}
      </Text>
      <Button
        size="xs"
        leftSection={<IconLink size={14} />}
        onClick={onSendAsLink}
        loading={sending}
        data-testid="send-as-link"
      >
        {t('transfers.asLink.button')}
      </Button>
      {sending && (
        <Text size="sm" c="dimmed" data-testid="send-as-link-progress">
          {t('transfers.asLink.uploading', { percent: Math.round(asLink.progress * 100) })}
        </Text>
      )}
      {asLink?.state === 'failed' && (
        <Text size="sm" c="red" data-testid="send-as-link-error">
          {translatedErrorMessage(i18n, asLink.error) ?? t('transfers.asLink.failed')}
        </Text>
      )}
    </Stack>
  )
}
