import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { IconDoorExit, IconLock } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { errorMessage } from '../../../lib/error-message.js'

export interface RoomActionsProps {
  isHost: boolean
  /** The room already ended: nothing to leave or close. */
  ended: boolean
  onLeave(): Promise<void>
  onClose(): Promise<void>
}

/**
 * "Leave room" for guests (gone for everyone at once, the seat freed) and "Close room" for the host
 * (the room ends for everyone, after a confirmation).
 */
export function RoomActions({ isHost, ended, onLeave, onClose }: RoomActionsProps) {
  const { t, i18n } = useTranslation('rooms')
  const [confirming, setConfirming] = useState(false)
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  if (ended) return null

  const run = async (action: () => Promise<void>) => {
    setPending(true)
    setFailure(null)
    try {
      await action()
      setConfirming(false)
    } catch (error) {
      setFailure(errorMessage(i18n, error))
    } finally {
      setPending(false)
    }
  }

  return (
    <Stack gap="xs" align="flex-end">
      {isHost ? (
        <Button color="red" variant="light" leftSection={<IconLock size={16} />} onClick={() => setConfirming(true)}>
          {t('actions.close')}
        </Button>
      ) : (
        <Button
          variant="default"
          leftSection={<IconDoorExit size={16} />}
          loading={pending}
          onClick={() => void run(onLeave)}
        >
          {t('actions.leave')}
        </Button>
      )}
      {failure && !confirming && <ErrorAlert onClose={() => setFailure(null)}>{failure}</ErrorAlert>}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('actions.closeTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
      >
        <Stack gap="md">
          <Text size="sm">{t('actions.closeRule')}</Text>
          {failure && <ErrorAlert onClose={() => setFailure(null)}>{failure}</ErrorAlert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('actions.cancel')}
            </Button>
            <Button color="red" loading={pending} onClick={() => void run(onClose)} data-testid="confirm-close-room">
              {t('actions.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
