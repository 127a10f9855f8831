import type { RoomParticipant } from '@ferry/contracts/api/rooms'
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconFolder, IconSend } from '@tabler/icons-react'
import { type ChangeEvent, useRef } from 'react'
import { useTranslation } from 'react-i18next'

export interface ParticipantListProps {
  participants: RoomParticipant[]
  me: string
  max: number
  /** Files picked for one offer (several, or a folder's, with their paths). */
  onSendFiles(recipientId: string, files: File[]): void
}

/** Participants with the host marker; 'Send File' next to everyone else opens a file picker. */
export function ParticipantList({ participants, me, max, onSendFiles }: ParticipantListProps) {
  const { t } = useTranslation('rooms')
  const input = useRef<HTMLInputElement>(null)
  const folderInput = useRef<HTMLInputElement>(null)
  const recipient = useRef<string | null>(null)
  const pick = (id: string, folder = false) => {
    recipient.current = id
    ;(folder ? folderInput : input).current?.click()
  }
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? [])
    event.currentTarget.value = ''
    if (files.length > 0 && recipient.current) onSendFiles(recipient.current, files)
  }
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {t('room.participants')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('room.participantCount', { count: participants.length, max })}
          </Text>
        </Group>
        {participants.map((participant) => (
          <Group key={participant.user_id} justify="space-between" wrap="nowrap" data-testid="participant">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Text fw={500} truncate>
                {participant.user_name}
              </Text>
              {participant.is_host && (
                <Badge size="sm" color="grape" variant="light">
                  {t('room.host')}
                </Badge>
              )}
              {participant.is_guest && (
                <Badge size="sm" color="gray" variant="light">
                  {t('room.guest')}
                </Badge>
              )}
              {participant.user_id === me && (
                <Badge size="sm" variant="outline">
                  {t('room.you')}
                </Badge>
              )}
            </Group>
            {participant.user_id !== me && (
              <Group gap={4} wrap="nowrap">
                <Button
                  size="xs"
                  leftSection={<IconSend size={14} />}
                  aria-label={t('room.sendFileTo', { name: participant.user_name })}
                  onClick={() => pick(participant.user_id)}
                >
                  {t('room.sendFile')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconFolder size={14} />}
                  aria-label={t('room.sendFolderTo', { name: participant.user_name })}
                  onClick={() => pick(participant.user_id, true)}
                >
                  {t('room.sendFolder')}
                </Button>
              </Group>
            )}
          </Group>
        ))}
        {participants.length < 2 && (
          <Text size="sm" c="dimmed">
            {t('room.noOthers')}
          </Text>
        )}
        <input ref={input} type="file" multiple hidden data-testid="send-file-input" onChange={picked} />
        {/* webkitdirectory: every file under the chosen folder, each with its path (webkitRelativePath). */}
        <input
          ref={folderInput}
          type="file"
          hidden
          data-testid="send-folder-input"
          {...{ webkitdirectory: '' }}
          onChange={picked}
        />
      </Stack>
    </Paper>
  )
}
