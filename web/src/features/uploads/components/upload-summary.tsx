import { Badge, Button, Group, Progress, Stack, Text } from '@mantine/core'
import { IconCircleCheckFilled, IconPlayerPause, IconPlayerPlay, IconRefresh } from '@tabler/icons-react'
import type { UploadQueue } from '../hooks/use-upload-queue.js'
import { useUploadText } from './use-upload-text.js'

export interface UploadSummaryProps {
  queue: UploadQueue
}

/** 'Selected Files:' with the count and total size, the overall bar, speed, time left, pause and retry. */
export function UploadSummary({ queue }: UploadSummaryProps) {
  const { t, formatSize, percent, speed, duration } = useUploadText()
  const started = queue.items.some((item) => item.status !== 'queued')
  const canPause = queue.isUploading
  const canResume = queue.isPaused

  // While nothing moves and a file waits to retry, the headline says why (walk 9.6), not 'estimating'.
  const retrying = queue.items.some((item) => item.status === 'retrying')
  let right: string | null = null
  if (queue.allDone) right = null
  else if (queue.isPaused) right = t('progress.paused')
  else if (queue.isUploading) {
    if (retrying && !queue.bytesPerSecond) right = t('progress.retrying')
    else if (queue.bytesPerSecond === 0) right = t('progress.stalled')
    else if (queue.bytesPerSecond !== null && queue.secondsLeft !== null)
      right = `${speed(queue.bytesPerSecond)} · ${t('progress.timeLeft', { time: duration(queue.secondsLeft) })}`
    else right = t('progress.estimating')
  }

  return (
    <Stack gap="xs" px="md" pt="md" pb="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs">
          <Text fw={600}>{t('picker.selectedFiles')}</Text>
          <Badge variant="light" color="gray" radius="sm" tt="none" fw={500}>
            {t('picker.fileCount', { count: queue.items.length })}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" data-testid="upload-total-size" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('picker.totalSize', { size: formatSize(queue.totalBytes) })}
        </Text>
      </Group>
      {started && (
        <Stack gap={6}>
          <Progress
            value={queue.progress * 100}
            size="lg"
            radius="xl"
            color={queue.allDone ? 'teal' : queue.isPaused ? 'gray' : 'blue'}
            striped={queue.isUploading}
            animated={queue.isUploading}
            aria-label={t('progress.label')}
            data-testid="upload-overall-progress"
          />
          <Group justify="space-between" gap="xs" wrap="wrap">
            {queue.allDone ? (
              <Group gap={6}>
                <IconCircleCheckFilled size={16} color="var(--mantine-color-teal-6)" />
                <Text size="sm" c="teal" fw={500}>
                  {t('progress.allDone')}
                </Text>
              </Group>
            ) : (
              <Text size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {percent(queue.progress)}
                <Text span c="dimmed" size="sm">
                  {' · '}
                  {t('progress.uploaded', {
                    uploaded: formatSize(queue.uploadedBytes),
                    total: formatSize(queue.totalBytes),
                  })}
                </Text>
              </Text>
            )}
            <Group gap="xs">
              {queue.errorCount > 0 && !queue.isUploading && (
                <Text size="sm" c="red" fw={500}>
                  {t('progress.failedCount', { count: queue.errorCount })}
                </Text>
              )}
              {right && (
                <Text
                  size="sm"
                  c={retrying && !queue.bytesPerSecond ? 'red.9' : 'dimmed'}
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                  data-testid="upload-rate"
                >
                  {right}
                </Text>
              )}
              {queue.errorCount > 0 && (
                <Button
                  size="compact-xs"
                  variant="light"
                  color="red"
                  leftSection={<IconRefresh size={14} />}
                  onClick={queue.retryAll}
                >
                  {t('picker.retryFailed')}
                </Button>
              )}
              {canPause && (
                <Button
                  size="compact-xs"
                  variant="default"
                  leftSection={<IconPlayerPause size={14} />}
                  onClick={queue.pauseAll}
                >
                  {t('picker.pause')}
                </Button>
              )}
              {canResume && (
                <Button
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconPlayerPlay size={14} />}
                  onClick={queue.resumeAll}
                >
                  {t('picker.resume')}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      )}
    </Stack>
  )
}
