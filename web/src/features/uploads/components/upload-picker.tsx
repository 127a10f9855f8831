import { Alert, Button, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core'
import { IconBolt, IconLock, IconWifiOff } from '@tabler/icons-react'
import type { UploadQueue } from '../hooks/use-upload-queue.js'
import { UploadDropArea } from './upload-drop-area.js'
import { UploadFileRow } from './upload-file-row.js'
import { UploadSummary } from './upload-summary.js'
import { useUploadText } from './use-upload-text.js'

export interface UploadPickerProps {
  queue: UploadQueue
  /** Signed in, files upload as soon as they are added; otherwise a note asks to log in. */
  signedIn: boolean
  /** Opens the login; the note then offers a Log in button. */
  onLogin?: () => void
}

const maxNamesInNotice = 3

/**
 * The inline file picker of spec/transfers.md §2: drop area, Add files, Add folders, and the selected
 * files with their progress.
 */
export function UploadPicker({ queue, signedIn, onLogin }: UploadPickerProps) {
  const { t } = useUploadText()
  const hasFiles = queue.items.length > 0
  const notice = queue.notice

  return (
    <Stack gap="sm">
      <UploadDropArea onFiles={queue.addFiles} compact={hasFiles} />
      {notice?.kind === 'duplicates' && (
        <Alert color="gray" variant="light" py="xs" data-testid="upload-notice">
          <Text size="sm">
            {t('notice.duplicates', {
              names:
                notice.names.slice(0, maxNamesInNotice).join(', ') +
                (notice.names.length > maxNamesInNotice ? ` +${notice.names.length - maxNamesInNotice}` : ''),
            })}
          </Text>
        </Alert>
      )}
      {notice?.kind === 'offline' && (
        <Alert color="orange" variant="light" py="xs" icon={<IconWifiOff size={18} />} data-testid="upload-notice">
          <Text size="sm">{t('notice.offline')}</Text>
        </Alert>
      )}
      {hasFiles && (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }} data-testid="selected-files">
          <UploadSummary queue={queue} />
          <ScrollArea.Autosize mah={380} scrollbars="y">
            <ul aria-label={t('picker.listLabel')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {queue.items.map((item) => (
                <li key={item.id}>
                  <UploadFileRow item={item} signedIn={signedIn} onRemove={queue.remove} onRetry={queue.retry} />
                </li>
              ))}
            </ul>
          </ScrollArea.Autosize>
        </Paper>
      )}
      {hasFiles && signedIn && !queue.allDone && (
        <Group gap={6} wrap="nowrap" c="dimmed">
          <IconBolt size={14} style={{ flexShrink: 0 }} />
          <Text size="xs" c="dimmed">
            {t('picker.uploadingEarly')}
          </Text>
        </Group>
      )}
      {hasFiles && !signedIn && (
        <Alert variant="light" color="blue" icon={<IconLock size={18} />} py="xs" data-testid="login-to-send">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm">{t('picker.loginToSend')}</Text>
            {onLogin && (
              <Button size="compact-sm" variant="filled" onClick={onLogin} style={{ flexShrink: 0 }}>
                {t('picker.login')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
    </Stack>
  )
}
