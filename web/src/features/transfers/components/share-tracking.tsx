import type { TrackedRecipient, TransferFile } from '@ferry/contracts/api/transfers'
import { Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconCircleCheck, IconClock } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useFormatDate } from '../../../components/use-format-date.js'

export interface ShareTrackingProps {
  recipients: readonly TrackedRecipient[]
  files: readonly TransferFile[]
}

/** The sender's recipient tracking list (spec/transfers.md §2–3): who opened the link and which files each downloaded. */
export function ShareTracking({ recipients, files }: ShareTrackingProps) {
  const { t } = useTranslation('transfers')
  const formatDate = useFormatDate()
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="share-tracking">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            {t('share.tracking.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('share.tracking.subtitle')}
          </Text>
        </div>
        {recipients.map((recipient) => (
          <Group
            key={recipient.recipient_email}
            align="flex-start"
            wrap="nowrap"
            gap="sm"
            data-testid="tracked-recipient"
            data-email={recipient.recipient_email}
          >
            <Avatar color="initials" name={recipient.recipient_email} radius="xl" aria-hidden>
              {recipient.avatar_letter}
            </Avatar>
            <Stack gap={4} miw={0} style={{ flex: 1 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {recipient.recipient_email}
              </Text>
              <Group gap={6} c="dimmed">
                <IconClock size={14} />
                <Text size="sm" c="dimmed" data-testid="first-accessed">
                  {recipient.first_accessed_at
                    ? t('share.tracking.firstAccessed', { date: formatDate(recipient.first_accessed_at) })
                    : t('share.tracking.notOpened')}
                </Text>
              </Group>
              <Stack gap={4}>
                {files.map((file) => {
                  const done = recipient.download_status[file.file_id] === true
                  return (
                    <Group key={file.file_id} gap="xs" wrap="nowrap" data-testid="download-status">
                      <Text size="sm" miw={0} style={{ flex: 1, overflowWrap: 'anywhere' }}>
                        {file.file_name}
                      </Text>
                      <Badge
                        color={done ? 'teal' : 'gray'}
                        variant="light"
                        leftSection={done ? <IconCircleCheck size={12} /> : undefined}
                        data-downloaded={done}
                      >
                        {done ? t('share.tracking.downloaded') : t('share.tracking.notDownloaded')}
                      </Badge>
                    </Group>
                  )
                })}
              </Stack>
            </Stack>
          </Group>
        ))}
      </Stack>
    </Paper>
  )
}
