import { Alert, Anchor, Button, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCheck, IconHistory, IconPlus, IconVideo, IconVideoOff } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ErrorAlert } from '../../../components/error-alert.js'
import { translatedErrorMessage } from '../../../lib/error-message.js'
import { CreateRoomModal } from './create-room-modal.js'

export interface DirectTransferPanelProps {
  isAuthenticated: boolean
  /** Logged out, the buttons open the login modal. */
  onLogin(): void
  /** Where a new room opens (/room/{id}). */
  onRoomCreated(roomId: string): void
  /** /transfer-history, linked for signed-in users. */
  historyTo: string
  /**
   * Whether the signed-in user's plan has video chat (null while unknown), and its name: a plan
   * without it is told so by Join Video Chat instead of getting a plain room (issue 17).
   */
  videoInPlan: boolean | null
  /** The plan is still being read: Join Video Chat waits for it rather than guess. */
  videoChecking: boolean
  planName: string
  upgradeTo: string
}

/**
 * The Direct transfer tab (spec/transfers.md §2): 'Create Transfer Room' opens the modal. Video chat
 * happens inside a room, so 'Join Video Chat' starts by creating one too, when the plan has video;
 * otherwise it says the plan does not include it.
 */
export function DirectTransferPanel({
  isAuthenticated,
  onLogin,
  onRoomCreated,
  historyTo,
  videoInPlan,
  videoChecking,
  planName,
  upgradeTo,
}: DirectTransferPanelProps) {
  const { t, i18n } = useTranslation(['home', 'rooms'])
  const [opened, setOpened] = useState(false)
  // The creation's failure; its text is the server's reason when Ferry translates it (a plan's room size).
  const [failed, setFailed] = useState<{ error: unknown } | null>(null)
  const [noVideo, setNoVideo] = useState(false)
  const open = () => {
    if (!isAuthenticated) return onLogin()
    setFailed(null)
    setNoVideo(false)
    setOpened(true)
  }
  const openVideo = () => {
    if (isAuthenticated && videoInPlan === false) return setNoVideo(true)
    open()
  }
  return (
    <Stack gap="md">
      <div>
        <Title order={3} fz="lg">
          {t('direct.title')}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('direct.description')}
        </Text>
      </div>
      <List
        size="sm"
        spacing={6}
        icon={
          <ThemeIcon size={20} radius="xl" color="teal" variant="light">
            <IconCheck size={14} />
          </ThemeIcon>
        }
      >
        <List.Item>{t('direct.pointPrivate')}</List.Item>
        <List.Item>{t('direct.pointPeers')}</List.Item>
      </List>
      {failed && (
        <ErrorAlert onClose={() => setFailed(null)} data-testid="create-room-error">
          {translatedErrorMessage(i18n, failed.error) ?? t('create.failed', { ns: 'rooms' })}
        </ErrorAlert>
      )}
      <Group gap="sm">
        <Button leftSection={<IconPlus size={18} />} onClick={open}>
          {t('direct.createRoom')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconVideo size={18} />}
          onClick={openVideo}
          loading={isAuthenticated && videoChecking}
        >
          {t('direct.joinVideoChat')}
        </Button>
      </Group>
      {noVideo && (
        <Alert color="gray" variant="light" icon={<IconVideoOff size={18} />} data-testid="video-not-in-plan">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('video.notInPlan', { ns: 'rooms', plan: planName })}</Text>
            <Group gap="xs">
              <Button component={Link} to={upgradeTo} size="xs">
                {t('video.upgrade', { ns: 'rooms' })}
              </Button>
              <Button size="xs" variant="default" onClick={open}>
                {t('video.createPlainRoom', { ns: 'rooms' })}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {isAuthenticated && (
        <Anchor component={Link} to={historyTo} size="sm">
          <IconHistory size={14} style={{ verticalAlign: 'middle' }} /> {t('history.title', { ns: 'rooms' })}
        </Anchor>
      )}
      {isAuthenticated && (
        <CreateRoomModal
          opened={opened}
          onClose={() => setOpened(false)}
          onCreated={onRoomCreated}
          onFailed={(error) => setFailed({ error })}
        />
      )}
    </Stack>
  )
}
