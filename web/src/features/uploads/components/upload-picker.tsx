import { Alert, Anchor, Button, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core'
import { IconBolt, IconLock, IconRocket, IconWifiOff } from '@tabler/icons-react'
import { useState } from 'react'
import { Link } from 'react-router'
import type { PickedFile } from '../file-names.js'
import type { UploadQueue } from '../hooks/use-upload-queue.js'
import { splitOversize } from '../oversize.js'
import { ResumableOffer } from './resumable-offer.js'
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
  /** The plan's per-transfer limit in bytes (null: none): a larger file is refused as it is added. */
  maxFileBytes?: number | null
  /** Where the refusal offers a bigger plan; none where no upgrade applies. */
  upgradeTo?: string
}

const maxNamesInNotice = 3

/**
 * The inline file picker of spec/transfers.md §2: drop area, Add files, Add folders, and the selected
 * files with their progress.
 */
export function UploadPicker({ queue, signedIn, onLogin, maxFileBytes, upgradeTo }: UploadPickerProps) {
  const { t, formatSize } = useUploadText()
  const hasFiles = queue.items.length > 0
  const notice = queue.notice
  const [refused, setRefused] = useState<readonly PickedFile[]>([])

  const addFiles = (files: PickedFile[]) => {
    const split = splitOversize(files, maxFileBytes)
    setRefused(split.refused)
    if (split.accepted.length > 0) queue.addFiles(split.accepted)
  }

  return (
    <Stack gap="sm">
      <ResumableOffer uploads={queue.resumable} onFiles={addFiles} onDismiss={queue.dismissResumable} />
      <UploadDropArea onFiles={addFiles} compact={hasFiles} />
      {refused.length > 0 && maxFileBytes != null && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconRocket size={18} />}
          withCloseButton
          closeButtonLabel={t('oversize.close')}
          onClose={() => setRefused([])}
          data-testid="oversize-notice"
        >
          <Stack gap={6}>
            {refused.slice(0, maxNamesInNotice).map(({ file }) => (
              <Text size="sm" key={file.name} style={{ overflowWrap: 'anywhere' }}>
                {t('oversize.file', { name: file.name, size: formatSize(file.size), limit: formatSize(maxFileBytes) })}
              </Text>
            ))}
            {refused.length > maxNamesInNotice && (
              <Text size="sm">{t('oversize.more', { count: refused.length - maxNamesInNotice })}</Text>
            )}
            {upgradeTo && (
              <Anchor component={Link} to={upgradeTo} size="sm" fw={600}>
                {t('oversize.upgrade')}
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
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
      {notice?.kind === 'notSameFile' && (
        <Alert color="orange" variant="light" py="xs" data-testid="upload-notice">
          <Text size="sm">{t('notice.notSameFile', { name: notice.name })}</Text>
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
          {/* The scroll area's content is a CSS table by default, which grows to its widest row and
              pushes the remove buttons out of the card on a phone: a block keeps it to the card's width. */}
          <ScrollArea.Autosize mah={380} scrollbars="y" styles={{ content: { display: 'block' } }}>
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
