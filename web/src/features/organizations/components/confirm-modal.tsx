import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

export interface ConfirmModalProps {
  opened: boolean
  title: string
  text: string
  confirmLabel: string
  color: 'red' | 'orange'
  pending: boolean
  /** What went wrong with the last try, shown in the dialog (it stays open). */
  error: string | null
  onConfirm(): void
  onClose(): void
  testId: string
}

/** The question before an organization change that cannot be taken back by the same person. */
export function ConfirmModal({
  opened,
  title,
  text,
  confirmLabel,
  color,
  pending,
  error,
  onConfirm,
  onClose,
  testId,
}: ConfirmModalProps) {
  const { t } = useTranslation(['organizations', 'common'])
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
    >
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        {error !== null && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('members.cancel')}
          </Button>
          <Button color={color} loading={pending} onClick={onConfirm} data-testid={testId}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
