import type { RoomMemberView } from '@ferry/contracts/api/rooms'
import { Alert, Center, Loader, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
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
export function RoomView({ roomId, userId, upgradeTo }: RoomViewProps) {
  const { t, i18n } = useTranslation('rooms')
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
  if (room.isError)
    return (
      <Alert color="red" data-testid="room-error" title={t('room.loadFailed')}>
        {isApiError(room.error) && room.error.status !== 0 ? errorMessage(i18n, room.error) : null}
      </Alert>
    )
  if (!room.data.is_participant)
    return <JoinRoomCard room={room.data} joining={joining} error={joinError} onJoin={(name) => void join(name)} />
  return (
    <MemberRoom
      room={room.data}
      guestToken={userId ? null : guestToken}
      upgradeTo={upgradeTo}
      onRoomChange={(next: RoomMemberView) => setRoom(next)}
      onResync={() => void room.refetch()}
    />
  )
}
