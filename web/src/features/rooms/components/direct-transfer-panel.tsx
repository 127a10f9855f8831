import { Anchor, Button, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCheck, IconHistory, IconPlus, IconVideo } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ErrorAlert } from '../../../components/error-alert.js'
import { CreateRoomModal } from './create-room-modal.js'

export interface DirectTransferPanelProps {
  isAuthenticated: boolean
  /** Logged out, the buttons open the login modal. */
  onLogin(): void
  /** Where a new room opens (/room/{id}). */
  onRoomCreated(roomId: string): void
  /** /transfer-history, linked for signed-in users. */
  historyTo: string
}

/**
 * The Direct transfer tab (spec/transfers.md §2): 'Create Transfer Room' opens the modal. Video chat
 * happens inside a room, so 'Join Video Chat' starts by creating one too.
 */
export function DirectTransferPanel({ isAuthenticated, onLogin, onRoomCreated, historyTo }: DirectTransferPanelProps) {
  const { t } = useTranslation(['home', 'rooms'])
  const [opened, setOpened] = useState(false)
  const [failed, setFailed] = useState(false)
  const open = () => {
    if (!isAuthenticated) return onLogin()
    setFailed(false)
    setOpened(true)
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
        <ErrorAlert onClose={() => setFailed(false)} data-testid="create-room-error">
          {t('create.failed', { ns: 'rooms' })}
        </ErrorAlert>
      )}
      <Group gap="sm">
        <Button leftSection={<IconPlus size={18} />} onClick={open}>
          {t('direct.createRoom')}
        </Button>
        <Button variant="default" leftSection={<IconVideo size={18} />} onClick={open}>
          {t('direct.joinVideoChat')}
        </Button>
      </Group>
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
          onFailed={() => setFailed(true)}
        />
      )}
    </Stack>
  )
}
