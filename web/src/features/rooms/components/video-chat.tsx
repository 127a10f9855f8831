import type { RoomMemberView } from '@ferry/contracts/api/rooms'
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconVideo, IconVideoOff } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { MeshCall } from '../p2p/mesh-call.js'
import type { SignallingClient } from '../realtime/signalling-client.js'

export interface VideoChatProps {
  room: RoomMemberView
  signalling: SignallingClient | null
  upgradeTo: string
  /** Only the host of the room hears about their own plan; everyone else is a guest here. */
  isHost: boolean
}

function StreamVideo({ stream, label, muted }: { stream: MediaStream; label: string; muted?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream
  }, [stream])
  return (
    <Stack gap={4}>
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={muted}
        aria-label={label}
        style={{ width: '100%', borderRadius: 8, background: '#000' }}
      />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  )
}

/**
 * Join Video Chat (spec/transfers.md §2): mesh audio/video for plans with supports_video_audio; a host
 * without it is told (with Upgrade), anyone else only that there is no video here.
 */
export function VideoChat({ room, signalling, upgradeTo, isHost }: VideoChatProps) {
  const { t } = useTranslation('rooms')
  const [call, setCall] = useState<{ mesh: MeshCall; local: MediaStream } | null>(null)
  const [remote, setRemote] = useState<Map<string, MediaStream>>(new Map())
  const [failed, setFailed] = useState(false)
  const nameOf = (id: string) => room.participants.find((p) => p.user_id === id)?.user_name ?? ''

  useEffect(() => () => call?.mesh.leave(), [call])

  const join = async () => {
    if (!signalling) return
    setFailed(false)
    try {
      const local = await navigator.mediaDevices.getUserMedia({ audio: true, video: true })
      setCall({ mesh: new MeshCall(signalling, local, room.ice_servers, setRemote, () => setFailed(true)), local })
    } catch {
      setFailed(true)
    }
  }
  const leave = () => {
    setCall(null)
    setRemote(new Map())
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="section"
      aria-labelledby="video-chat-title"
      data-testid="video-chat"
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="video-chat-title">
            {t('video.title')}
          </Title>
          {room.supports_video_audio &&
            (call ? (
              <Button variant="default" leftSection={<IconVideoOff size={16} />} onClick={leave}>
                {t('video.leave')}
              </Button>
            ) : (
              <Button leftSection={<IconVideo size={16} />} onClick={() => void join()} disabled={!signalling}>
                {t('video.join')}
              </Button>
            ))}
        </Group>
        {!room.supports_video_audio && (
          <Alert color="gray" data-testid="video-unavailable">
            {/* A visitor in someone else's room is never sold a plan (issue 17): the host is. */}
            {isHost ? (
              <Group justify="space-between" gap="xs">
                <Text size="sm">{t('video.unavailable')}</Text>
                <Button component={Link} to={upgradeTo} size="xs">
                  {t('video.upgrade')}
                </Button>
              </Group>
            ) : (
              <Text size="sm">{t('video.unavailableHere')}</Text>
            )}
          </Alert>
        )}
        {failed && <Alert color="red">{t('video.mediaFailed')}</Alert>}
        {call && (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <StreamVideo stream={call.local} label={t('video.you')} muted />
            {[...remote].map(([id, stream]) => (
              <StreamVideo key={id} stream={stream} label={nameOf(id)} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  )
}
