import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core'
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { errorMessage } from '../../../lib/error-message.js'
import { sessionStore, useSession } from '../../auth/index.js'
import { accountApi, publicAccountApi } from '../api/account-api.js'

export interface ConfirmEmailChangeViewProps {
  token: string
  profilePath: string
  homePath: string
}

/**
 * The page of the link sent to a new address (product.md §23). Opening it changes nothing
 * (mail scanners open links); the button does. A browser signed in to the account shows the new
 * address at once.
 */
export function ConfirmEmailChangeView({ token, profilePath, homePath }: ConfirmEmailChangeViewProps) {
  const { t, i18n } = useTranslation('account')
  const { user } = useSession()
  const confirm = useMutation({
    mutationFn: async () => {
      await publicAccountApi.confirmEmailChange(token)
      if (user) sessionStore.updateUser((await accountApi.get()).user)
    },
  })

  let body: React.ReactNode
  if (!token) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {t('emailChange.missing')}
      </Alert>
    )
  } else if (confirm.isSuccess) {
    body = (
      <Stack align="center" gap="sm" data-testid="email-change-done">
        <IconCircleCheck size={48} color="var(--mantine-color-green-7)" aria-hidden />
        <Text fw={700} fz="lg">
          {t('emailChange.doneTitle')}
        </Text>
        <Text ta="center">{t('emailChange.doneText')}</Text>
        <Button component={Link} to={user ? profilePath : homePath}>
          {user ? t('emailChange.toProfile') : t('emailChange.home')}
        </Button>
      </Stack>
    )
  } else {
    body = (
      <Stack gap="md">
        <Text>{t('emailChange.pageText')}</Text>
        {confirm.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            data-testid="email-change-error"
          >
            {errorMessage(i18n, confirm.error)}
          </Alert>
        )}
        <Button onClick={() => confirm.mutate()} loading={confirm.isPending} data-testid="email-change-confirm">
          {t('emailChange.button')}
        </Button>
      </Stack>
    )
  }

  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('emailChange.pageTitle')}
        </Title>
        {body}
      </Stack>
    </Paper>
  )
}
