import { Button, Group, List, Modal, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconTrash } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { errorMessage } from '../../../lib/error-message.js'
import { useLogout } from '../../auth/index.js'
import { useAccount, useDeleteAccount } from '../api/use-account.js'

const goes = ['transfers', 'requests', 'rooms', 'referrals', 'subscription', 'account'] as const

/**
 * "Delete my account" (product.md §23): a confirmation that names everything that goes, and
 * the password typed again (or, for an account without one, its email address). Afterwards this
 * browser signs out and lands on the home page; the server emails a last confirmation.
 */
export function DeleteAccountCard() {
  const { t, i18n } = useTranslation(['account', 'common'])
  const account = useAccount()
  const remove = useDeleteAccount()
  const logout = useLogout()
  const [opened, setOpened] = useState(false)
  const [confirmation, setConfirmation] = useState('')
  const email = account.data?.user.email ?? ''
  const hasPassword = account.data?.has_password ?? true

  const close = () => {
    setOpened(false)
    setConfirmation('')
    remove.reset()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    remove.mutate(confirmation, {
      onSuccess: async () => {
        setOpened(false)
        await logout()
        notifications.show({
          color: 'teal',
          message: t('delete.deleted', { email }),
          autoClose: 10_000,
          closeButtonProps: { 'aria-label': t('close', { ns: 'common' }) },
        })
      },
    })
  }

  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="delete-account">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('delete.title')}
        </Title>
        <Text size="sm">{t('delete.text')}</Text>
        <Button
          color="red"
          variant="light"
          w="fit-content"
          leftSection={<IconTrash size={16} />}
          onClick={() => setOpened(true)}
          disabled={!account.data}
          data-testid="delete-account-open"
        >
          {t('delete.button')}
        </Button>
      </Stack>
      <Modal
        opened={opened}
        onClose={close}
        title={t('delete.confirmTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('delete.cancel') }}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" fw={600}>
              {t('delete.goes')}
            </Text>
            <List size="sm" spacing={4} data-testid="delete-account-items">
              {goes.map((item) => (
                <List.Item key={item}>{t(`delete.items.${item}`)}</List.Item>
              ))}
            </List>
            <Text size="sm" c="dimmed">
              {t('delete.tip')}
            </Text>
            {hasPassword ? (
              <PasswordInput
                label={t('delete.passwordLabel')}
                value={confirmation}
                onChange={(event) => setConfirmation(event.currentTarget.value)}
                autoComplete="current-password"
                required
                data-autofocus
                data-testid="delete-account-confirmation"
              />
            ) : (
              <TextInput
                label={t('delete.emailLabel', { email })}
                value={confirmation}
                onChange={(event) => setConfirmation(event.currentTarget.value)}
                autoComplete="off"
                required
                data-autofocus
                data-testid="delete-account-confirmation"
              />
            )}
            <Text size="xs" c="dimmed">
              {t('delete.email', { email })}
            </Text>
            {remove.isError && (
              <ErrorAlert onClose={remove.reset} data-testid="delete-account-error">
                {errorMessage(i18n, remove.error)}
              </ErrorAlert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={remove.isPending}>
                {t('delete.cancel')}
              </Button>
              <Button
                type="submit"
                color="red"
                loading={remove.isPending}
                disabled={!confirmation}
                data-testid="delete-account-confirm"
              >
                {t('delete.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  )
}
