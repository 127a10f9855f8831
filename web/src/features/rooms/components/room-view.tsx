import type { RoomMemberView } from '@ferry/contracts/api/rooms'
import { roomIdParams } from '@ferry/contracts/api/rooms'
import { Alert, Button, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconDoorExit, IconFileSearch } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { isApiError } from '../../../lib/api-error.js'
import { errorMessage } from '../../../lib/error-message.js'
import { useRoom, useSetRoom } from '../api/room-queries.js'
import { roomsApi } from '../api/rooms-api.js'
import { forgetGuestToken, readGuestToken, saveGuestToken } from '../guest-token-store.js'
import { JoinRoomCard } from './join-room-card.js'
import { MemberRoom } from './member-room.js'

export interface RoomViewProps {
  roomId: string
  /** The signed-in user's id (their auth cookie carries the session), or null for a visitor. */
  userId: string | null
  upgradeTo: string
}

/**
 * The room page (spec/transfers.md §2): participants see the room; anyone else sees a Join button. A visitor's
 * guest token is kept per room in sessionStorage, so a reload keeps the seat.
 */
export function RoomView(props: RoomViewProps) {
  const { t } = useTranslation('rooms')
  // A mistyped or cut link is said so at once, with a way home, instead of a failed load.
  if (!roomIdParams.safeParse({ roomId: props.roomId }).success)
    return <RoomNotice title={t('room.notFoundTitle')} message={t('room.invalidLink')} testId="room-invalid" />
  return <LoadedRoomView {...props} />
}

/** A centred notice with a way home: a bad or unknown link, or the room left. */
function RoomNotice({
  title,
  message,
  testId,
  left,
}: {
  title: string
  message: string
  testId: string
  left?: boolean
}) {
  const { t } = useTranslation('rooms')
  return (
    <Paper withBorder radius="lg" p="xl" data-testid={testId}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          {left ? <IconDoorExit size={30} /> : <IconFileSearch size={30} />}
        </ThemeIcon>
        <Title order={1} fz="xl">
          {title}
        </Title>
        <Text c="dimmed" maw={440}>
          {message}
        </Text>
        <Button component={Link} to="/" mt="sm">
          {t('room.goHome')}
        </Button>
      </Stack>
    </Paper>
  )
}

function LoadedRoomView({ roomId, userId, upgradeTo }: RoomViewProps) {
  const { t, i18n } = useTranslation('rooms')
  const [left, setLeft] = useState(false)
  const [guestToken, setGuestToken] = useState(() => (userId ? null : readGuestToken(roomId)))
  const who = userId ?? (guestToken ? `guest:${guestToken.slice(-12)}` : 'visitor')
  const room = useRoom(roomId, guestToken, who)
  const [joining, setJoining] = useState(false)
  const [joinError, setJoinError] = useState<string | null>(null)
  const setRoom = useSetRoom(roomId, who)

  if (room.isError && guestToken && isApiError(room.error) && room.error.status === 401) {
    // The guest token ran out (the room ended, or the server's key changed): join again.
    forgetGuestToken(roomId)
    setGuestToken(null)
  }

  const join = async (displayName: string | undefined) => {
    setJoining(true)
    setJoinError(null)
    try {
      const joined = await roomsApi.join(roomId, displayName)
      if (joined.guest_token) {
        saveGuestToken(roomId, joined.guest_token)
        setGuestToken(joined.guest_token)
      } else setRoom(joined.room)
    } catch (error) {
      setJoinError(errorMessage(i18n, error))
    } finally {
      setJoining(false)
    }
  }

  if (room.isPending)
    return (
      <Center py="xl" aria-busy="true">
        <Stack align="center" gap="xs">
          <Loader type="dots" />
          <Text c="dimmed">{t('room.loading')}</Text>
        </Stack>
      </Center>
    )
  if (left) return <RoomNotice title={t('room.left')} message={room.data?.name ?? ''} testId="room-left" left />
  if (room.isError) {
    if (isApiError(room.error) && room.error.status === 404)
      return <RoomNotice title={t('room.notFoundTitle')} message={t('room.notFound')} testId="room-not-found" />
    return (
      <Alert color="red" data-testid="room-error" title={t('room.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          {isApiError(room.error) && room.error.status !== 0 ? errorMessage(i18n, room.error) : null}
          <Button component={Link} to="/" size="xs" variant="default">
            {t('room.goHome')}
          </Button>
        </Stack>
      </Alert>
    )
  }
  if (!room.data.is_participant)
    return <JoinRoomCard room={room.data} joining={joining} error={joinError} onJoin={(name) => void join(name)} />
  return (
    <MemberRoom
      room={room.data}
      guestToken={userId ? null : guestToken}
      upgradeTo={upgradeTo}
      inviteUrl={`${window.location.origin}/room/${roomId}`}
      onRoomChange={(next: RoomMemberView) => setRoom(next)}
      onResync={() => void room.refetch()}
      onLeave={async () => {
        await roomsApi.leave(roomId, userId ? null : guestToken)
        forgetGuestToken(roomId)
        setLeft(true)
      }}
      onClose={async () => {
        await roomsApi.close(roomId)
        if (room.data?.is_participant) setRoom({ ...room.data, expired: true })
      }}
    />
  )
}
