import type { RoomMemberView } from '@ferry/contracts/api/rooms'
import type { RoomServerEvent } from '@ferry/contracts/realtime/room-events'
import { Alert, Button, Grid, Group, Stack, Text, Title } from '@mantine/core'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useRoomConnection } from '../hooks/use-room-connection.js'
import { useRoomNotifications } from '../hooks/use-room-notifications.js'
import { type RoomTransferNotice, useRoomTransfers } from '../hooks/use-room-transfers.js'
import { IncomingRequests } from './incoming-requests.js'
import { LinksInstead } from './links-instead.js'
import { ParticipantList } from './participant-list.js'
import { RoomActions } from './room-actions.js'
import { RoomInvite } from './room-invite.js'
import { RoomNotifications } from './room-notifications.js'
import { TransferCard } from './transfer-card.js'
import { VideoChat } from './video-chat.js'

export interface MemberRoomProps {
  room: RoomMemberView
  /** A visitor's guest token, for HTTP calls and sockets; null for a signed-in user, whose auth cookie goes along. */
  guestToken: string | null
  upgradeTo: string
  /** The link that invites others: this room's page. */
  inviteUrl: string
  onRoomChange(room: RoomMemberView): void
  /** Reloads the room: on each socket (re)connection, for requests sent while it was down. */
  onResync(): void
  /** Leave room (a guest): gone for everyone now; the page then shows that they left. */
  onLeave(): Promise<void>
  /** Close room (the host): the room ends for everyone. */
  onClose(): Promise<void>
}

/** A participant's room: participants, requests, transfers, notifications and the video chat. */
export function MemberRoom({
  room,
  guestToken,
  upgradeTo,
  inviteUrl,
  onRoomChange,
  onResync,
  onLeave,
  onClose,
}: MemberRoomProps) {
  const { t } = useTranslation('rooms')
  const formatDate = useFormatDate()
  const notifications = useRoomNotifications()
  const nameOf = (id: string) => room.participants.find((p) => p.user_id === id)?.user_name ?? ''

  const onNotice = useCallback(
    (notice: RoomTransferNotice) => {
      const { notify } = notifications
      if (notice.kind === 'initiateFailed') return notify('error', t('transfers.initiateFailed'))
      if (notice.kind === 'linkInstead')
        return notify('info', t('linkInstead.notice', { name: notice.link.senderName }))
      const { transfer } = notice
      const file = transfer.file_name
      if (notice.kind === 'request') notify('info', t('notifications.request', { name: transfer.sender_name, file }))
      else if (notice.kind === 'response')
        notify(
          'response',
          t(notice.accepted ? 'notifications.accepted' : 'notifications.declined', {
            name: transfer.recipient_name,
            file,
          }),
        )
      else if (notice.kind === 'completed') notify('info', t('notifications.completed', { file }))
      else {
        const known = t(`transfers.reason.${notice.reason}` as 'transfers.reason.closed', { defaultValue: '' })
        notify('error', t('transfers.failed', { reason: known || notice.reason }))
      }
    },
    [notifications, t],
  )

  // Called only after render, when `transfers` below exists.
  const onEvent = (event: RoomServerEvent) => {
    if (event.type === 'welcome') onResync()
    else if (event.type === 'user_joined') {
      if (!room.participants.some((p) => p.user_id === event.participant.user_id))
        onRoomChange({ ...room, participants: [...room.participants, event.participant] })
      if (event.participant.user_id !== room.me)
        notifications.notify('info', t('notifications.joined', { name: event.participant.user_name }))
    } else if (event.type === 'user_left') {
      // Sent once the participant is gone (a closed tab, after a short grace): the seat is free.
      const name = nameOf(event.participant_id)
      if (name && event.participant_id !== room.me) notifications.notify('info', t('notifications.left', { name }))
      const participants = room.participants.filter((p) => p.user_id !== event.participant_id)
      if (participants.length !== room.participants.length) onRoomChange({ ...room, participants })
    } else if (event.type === 'room_expired') {
      onRoomChange({ ...room, expired: true })
    } else transfers.onRoomEvent(event)
  }
  const connection = useRoomConnection(room, guestToken, onEvent)
  const transfers = useRoomTransfers({ room, guestToken, signalling: connection.signalling, notify: onNotice })

  const isHost = room.host_id === room.me
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {room.name}
          </Title>
          <Text c="dimmed" size="sm">
            {t('room.expiresAt', { date: formatDate(room.expires_at) })}
          </Text>
        </div>
        <RoomActions isHost={isHost} ended={room.expired} onLeave={onLeave} onClose={onClose} />
      </Group>
      {room.expired && (
        <Alert color="gray" data-testid="room-ended">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('room.expired')}</Text>
            <Button component={Link} to="/" size="xs" variant="default">
              {t('room.goHome')}
            </Button>
          </Group>
        </Alert>
      )}
      {connection.closedCode !== null && !room.expired && <Alert color="yellow">{t('room.disconnected')}</Alert>}
      <RoomNotifications items={notifications.items} onClose={notifications.dismiss} />
      {!room.expired && <RoomInvite url={inviteUrl} />}
      <LinksInstead links={transfers.links} onClose={transfers.dismissLink} />
      <IncomingRequests
        requests={transfers.requests}
        onRespond={(view, accept) => void transfers.respond(view, accept)}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ParticipantList
            participants={room.participants}
            me={room.me}
            max={room.max_participants}
            onSendFiles={(recipientId, files) => void transfers.sendFiles(recipientId, files)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} fz="lg">
                {t('transfers.title')}
              </Title>
            </Group>
            {transfers.transfers.length === 0 && (
              <Text size="sm" c="dimmed" data-testid="no-transfers">
                {t('room.noTransfers')}
              </Text>
            )}
            {transfers.transfers.map((view) => (
              <TransferCard
                key={view.transfer.transfer_id}
                view={view}
                progressStore={transfers.progressStore}
                onCancel={() => transfers.cancel(view)}
                onDismiss={() => transfers.dismiss(view.transfer.transfer_id)}
                canSendAsLink={guestToken === null}
                onSendAsLink={() => void transfers.sendAsLinkInstead(view)}
              />
            ))}
          </Stack>
        </Grid.Col>
      </Grid>
      <VideoChat room={room} signalling={connection.signalling} upgradeTo={upgradeTo} isHost={isHost} />
    </Stack>
  )
}
