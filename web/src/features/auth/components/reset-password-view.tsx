import { passwordMinLength } from '@ferry/contracts/api/auth'
import { Alert, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core'
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { authApi } from '../api/auth-api.js'
import { authErrorMessage } from '../auth-error-message.js'
import { authModal } from '../auth-modal-store.js'

export interface ResetPasswordViewProps {
  /** The emailed link's token; empty when the page was opened without one. */
  token: string
}

/**
 * /reset-password#token=… (product.md §23): choose a new password with the emailed link.
 * Opening the page uses nothing; the form's POST does, once. Afterwards every earlier session has
 * ended, so the way on is the log-in dialog.
 */
export function ResetPasswordView({ token }: ResetPasswordViewProps) {
  const { t, i18n } = useTranslation('account')
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const reset = useMutation({ mutationFn: (next: string) => authApi.resetPassword(token, next) })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (password.length < passwordMinLength) return setProblem(t('reset.tooShort', { n: passwordMinLength }))
    if (password !== repeat) return setProblem(t('reset.mismatch'))
    setProblem(null)
    reset.mutate(password)
  }

  let body: React.ReactNode
  if (!token) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {t('reset.missing')}
      </Alert>
    )
  } else if (reset.isSuccess) {
    body = (
      <Stack align="center" gap="sm" data-testid="reset-password-done">
        <IconCircleCheck size={48} color="var(--mantine-color-green-7)" aria-hidden />
        <Text fw={700} fz="lg">
          {t('reset.doneTitle')}
        </Text>
        <Text ta="center">{t('reset.doneText')}</Text>
        <Button onClick={() => authModal.open('login')} data-testid="reset-password-login">
          {t('reset.login')}
        </Button>
      </Stack>
    )
  } else {
    body = (
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text>{t('reset.intro')}</Text>
          <PasswordInput
            label={t('reset.password')}
            description={t('reset.hint', { n: passwordMinLength })}
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            data-testid="reset-password-input"
          />
          <PasswordInput
            label={t('reset.repeat')}
            autoComplete="new-password"
            required
            value={repeat}
            onChange={(event) => setRepeat(event.currentTarget.value)}
            error={problem}
            data-testid="reset-password-repeat"
          />
          {reset.isError && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              role="alert"
              data-testid="reset-password-error"
            >
              {authErrorMessage(i18n, reset.error)}
            </Alert>
          )}
          <Button type="submit" loading={reset.isPending} data-testid="reset-password-submit">
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    )
  }

  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('reset.pageTitle')}
        </Title>
        {body}
      </Stack>
    </Paper>
  )
}
