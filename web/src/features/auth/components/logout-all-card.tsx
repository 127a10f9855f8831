import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core'
import { IconLogout } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { errorMessage } from '../../../lib/error-message.js'
import { useLogoutAll } from '../api/use-auth.js'

/**
 * "Log out of all devices" on the profile (product.md §15): after a confirmation, every session of
 * the account ends on the server, this one included, and the user lands on the home page.
 */
export function LogoutAllCard() {
  const { t, i18n } = useTranslation('common')
  const logoutAll = useLogoutAll()
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const confirm = () => {
    setError(null)
    logoutAll.mutate(undefined, {
      onError: (failure) => {
        setConfirming(false)
        setError(t('auth.sessions.failed', { message: errorMessage(i18n, failure) }))
      },
    })
  }

  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="sessions-card">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('auth.sessions.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('auth.sessions.hint')}
        </Text>
        {error && (
          <ErrorAlert onClose={() => setError(null)} data-testid="logout-all-error">
            {error}
          </ErrorAlert>
        )}
        <Button
          variant="light"
          color="red"
          w="fit-content"
          leftSection={<IconLogout size={16} />}
          onClick={() => setConfirming(true)}
        >
          {t('auth.sessions.button')}
        </Button>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('auth.sessions.confirmTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('auth.sessions.confirm')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={logoutAll.isPending}>
              {t('auth.sessions.cancel')}
            </Button>
            <Button color="red" loading={logoutAll.isPending} onClick={confirm} data-testid="logout-all-confirm">
              {t('auth.sessions.button')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  )
}
