import { ActionIcon, Box, Group, Progress, Text, ThemeIcon, Tooltip } from '@mantine/core'
import {
  IconAlertTriangle,
  IconCircleCheckFilled,
  IconFile,
  IconFileMusic,
  IconFileText,
  IconFileZip,
  IconMovie,
  IconPhoto,
  IconRefresh,
  IconX,
} from '@tabler/icons-react'
import { memo } from 'react'
import { maxUploadRetries } from '../retry-policy.js'
import type { UploadItem } from '../upload-queue-state.js'
import { useUploadText } from './use-upload-text.js'

function iconFor(type: string, name: string) {
  if (type.startsWith('image/')) return IconPhoto
  if (type.startsWith('video/')) return IconMovie
  if (type.startsWith('audio/')) return IconFileMusic
  if (/zip|compressed|x-7z|x-rar|x-tar|gzip/.test(type) || /\.(zip|7z|rar|tar|gz|tgz)$/i.test(name)) return IconFileZip
  if (type.startsWith('text/') || type === 'application/pdf') return IconFileText
  return IconFile
}

const statusColor: Record<UploadItem['status'], string> = {
  queued: 'gray',
  uploading: 'blue',
  paused: 'gray',
  retrying: 'orange',
  error: 'red',
  done: 'teal',
}

/** The line under the name: percentage, speed and time left, or what the file is waiting for. */
function rowDetail(
  item: UploadItem,
  signedIn: boolean,
  { t, percent, speed, duration }: ReturnType<typeof useUploadText>,
): string {
  switch (item.status) {
    case 'uploading': {
      if (item.bytesUploaded === 0) return t('status.starting')
      // A whole averaging window without a byte: the connection or the server is gone for now.
      if (item.bytesPerSecond === 0) return `${percent(item.progress)} · ${t('status.stalled')}`
      return [
        percent(item.progress),
        item.bytesPerSecond !== null ? speed(item.bytesPerSecond) : null,
        item.secondsLeft !== null ? t('progress.timeLeft', { time: duration(item.secondsLeft) }) : null,
      ]
        .filter(Boolean)
        .join(' · ')
    }
    case 'paused':
      return t('status.paused', { percent: percent(item.progress) })
    case 'retrying':
      return t('status.retrying', { attempt: item.retryAttempt, max: maxUploadRetries })
    case 'done':
      return t('status.done')
    case 'error':
      return t('status.failed')
    default:
      return signedIn ? t('status.queued') : t('status.waitingForLogin')
  }
}

export interface UploadFileRowProps {
  item: UploadItem
  /** Logged out, queued files wait for a login rather than for their turn. */
  signedIn: boolean
  onRemove(id: string): void
  onRetry(id: string): void
}

/** One file: name with its folders, size, progress and what it is doing; remove, and retry when failed. */
export const UploadFileRow = memo(function UploadFileRow({ item, signedIn, onRemove, onRetry }: UploadFileRowProps) {
  const text = useUploadText()
  const { t, formatSize, failure } = text
  const Icon = iconFor(item.type, item.name)
  const slash = item.name.lastIndexOf('/')
  const folder = slash >= 0 ? item.name.slice(0, slash + 1) : ''
  const base = item.name.slice(slash + 1)
  const error = item.error && item.status === 'error' ? failure(item.error, item.name) : null

  const detail = rowDetail(item, signedIn, text)

  return (
    <Box
      py="sm"
      px="md"
      data-testid="upload-file-row"
      data-status={item.status}
      data-file-name={item.name}
      data-file-key={item.fileKey ?? undefined}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <ThemeIcon variant="light" color={item.status === 'error' ? 'red' : 'blue'} size={36} radius="md">
          <Icon size={20} stroke={1.6} />
        </ThemeIcon>
        <Box miw={0} style={{ flex: 1 }}>
          {/* A long name wraps (a phone has no pointer to show a title); the size keeps its place. */}
          <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
            <Text
              size="sm"
              fw={500}
              title={item.name}
              miw={0}
              style={{ flex: 1, overflowWrap: 'anywhere' }}
              data-testid="upload-file-name"
            >
              {folder && (
                <Text span c="dimmed" inherit>
                  {folder}
                </Text>
              )}
              {base}
            </Text>
            <Text
              size="xs"
              c="dimmed"
              style={{ whiteSpace: 'nowrap', flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
              data-testid="upload-file-size"
            >
              {formatSize(item.size)}
            </Text>
          </Group>
          {item.status !== 'done' && item.status !== 'queued' && item.status !== 'error' && (
            <Progress
              value={item.progress * 100}
              size="sm"
              radius="xl"
              mt={6}
              color={statusColor[item.status]}
              striped={item.status === 'uploading'}
              animated={item.status === 'uploading'}
              aria-label={item.name}
            />
          )}
          {error ? (
            <Text size="xs" c="red" mt={4} role="alert" data-testid="upload-error">
              {error.message}
              {error.reason && (
                <Text span c="dimmed" inherit>
                  {' '}
                  ({error.reason})
                </Text>
              )}
            </Text>
          ) : (
            <Group gap={4} mt={4} wrap="nowrap">
              {item.status === 'done' && <IconCircleCheckFilled size={14} color="var(--mantine-color-teal-6)" />}
              {item.status === 'retrying' && <IconAlertTriangle size={14} color="var(--mantine-color-orange-6)" />}
              <Text
                size="xs"
                c={item.status === 'done' ? 'teal' : item.status === 'retrying' ? 'red.9' : 'dimmed'}
                style={{ fontVariantNumeric: 'tabular-nums' }}
                truncate="end"
              >
                {detail}
              </Text>
            </Group>
          )}
        </Box>
        {item.status === 'error' && (
          <Tooltip label={t('picker.retry')} withArrow>
            <ActionIcon
              variant="light"
              color="blue"
              onClick={() => onRetry(item.id)}
              aria-label={t('picker.retryFile', { name: item.name })}
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={t('picker.remove', { name: base })} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => onRemove(item.id)}
            aria-label={t('picker.remove', { name: item.name })}
          >
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Box>
  )
})
