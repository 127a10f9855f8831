import type { AdminUser } from '@ferry/contracts/api/users'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

interface DeleteUserModalProps {
  user: AdminUser | null
  pending: boolean
  onCancel(): void
  onConfirm(): void
}

/** spec/accounts.md §2's confirmation, with what deleting takes along (the rule the server applies). */
export function DeleteUserModal({ user, pending, onCancel, onConfirm }: DeleteUserModalProps) {
  const { t } = useTranslation('admin')
  return (
    <Modal
      opened={user !== null}
      onClose={onCancel}
      title={t('delete.title')}
      centered
      closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
    >
      <Stack gap="md">
        <Text>{t('delete.confirm')}</Text>
        {user && (
          <Text size="sm" fw={500}>
            {user.name} · {user.email}
          </Text>
        )}
        <Text size="sm" c="dimmed" data-testid="delete-user-rule">
          {t('delete.rule')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('delete.cancel')}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm} data-testid="confirm-delete-user">
            {t('delete.confirmButton')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
