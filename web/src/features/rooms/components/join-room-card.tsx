import { displayNameMaxLength, type RoomPublicView } from '@ferry/contracts/api/rooms'
import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'

export interface JoinRoomCardProps {
  room: RoomPublicView
  joining: boolean
  error: string | null
  onJoin(displayName: string | undefined): void
}

/** What a non-participant sees: the room, and a Join button (visitors give a display name). */
export function JoinRoomCard({ room, joining, error, onJoin }: JoinRoomCardProps) {
  const { t } = useTranslation('rooms')
  const [name, setName] = useState('')
  const closed = room.full || room.expired
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onJoin(room.needs_display_name ? name.trim() : undefined)
  }
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="join-room">
      <form onSubmit={submit}>
        <Stack gap="md">
          <Title order={2} fz="xl">
            {t('join.title', { name: room.name })}
          </Title>
          <Text c="dimmed" size="sm">
            {t('join.hostedBy', { host: room.host_name, count: room.participant_count, max: room.max_participants })}
          </Text>
          {room.expired && <Alert color="gray">{t('join.expired')}</Alert>}
          {!room.expired && room.full && <Alert color="yellow">{t('join.full')}</Alert>}
          {error && <Alert color="red">{error}</Alert>}
          {room.needs_display_name && !closed && (
            <TextInput
              label={t('join.displayName')}
              placeholder={t('join.displayNamePlaceholder')}
              value={name}
              maxLength={displayNameMaxLength}
              required
              onChange={(event) => setName(event.currentTarget.value)}
            />
          )}
          <Button type="submit" loading={joining} disabled={closed} style={{ alignSelf: 'flex-start' }}>
            {t('join.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}
