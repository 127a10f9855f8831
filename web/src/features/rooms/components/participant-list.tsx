import type { RoomParticipant } from '@ferry/contracts/api/rooms'
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconSend } from '@tabler/icons-react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'

export interface ParticipantListProps {
  participants: RoomParticipant[]
  me: string
  max: number
  onSendFile(recipientId: string, file: File): void
}

/** Participants with the host marker; 'Send File' next to everyone else opens a file picker. */
export function ParticipantList({ participants, me, max, onSendFile }: ParticipantListProps) {
  const { t } = useTranslation('rooms')
  const input = useRef<HTMLInputElement>(null)
  const recipient = useRef<string | null>(null)
  const pick = (id: string) => {
    recipient.current = id
    input.current?.click()
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
              <Button
                size="xs"
                leftSection={<IconSend size={14} />}
                aria-label={t('room.sendFileTo', { name: participant.user_name })}
                onClick={() => pick(participant.user_id)}
              >
                {t('room.sendFile')}
              </Button>
            )}
          </Group>
        ))}
        {participants.length < 2 && (
          <Text size="sm" c="dimmed">
            {t('room.noOthers')}
          </Text>
        )}
        <input
          ref={input}
          type="file"
          hidden
          data-testid="send-file-input"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0]
            event.currentTarget.value = ''
            if (file && recipient.current) onSendFile(recipient.current, file)
          }}
        />
      </Stack>
    </Paper>
  )
}
