import { passwordMinLength } from '@ferry/contracts/api/auth'
import { Alert, Button, Center, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core'
import { IconCircleCheck } from '@tabler/icons-react'
import { type FormEvent, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ErrorAlert } from '../../../components/error-alert.js'
import { adminErrorText } from '../admin-error-text.js'
import { useSetPassword, useSetPasswordInfo } from '../api/admin-queries.js'

export interface SetPasswordViewProps {
  token: string
  /** Where the button goes once the password is set (and the account signed in). */
  doneTo: string
}

/**
 * The page an admin-created user opens from their email (product.md §4): choose a password, once,
 * and be signed in with it straight away.
 */
export function SetPasswordView({ token, doneTo }: SetPasswordViewProps) {
  const { t, i18n } = useTranslation('admin')
  const info = useSetPasswordInfo(token)
  const submit = useSetPassword()
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (password.length < passwordMinLength) return setProblem(t('setPassword.tooShort', { n: passwordMinLength }))
    if (password !== repeat) return setProblem(t('setPassword.mismatch'))
    setProblem(null)
    setError(null)
    submit.mutate(
      { token, password },
      { onError: (failure) => setError(adminErrorText(i18n, failure, t('setPassword.failed'))) },
    )
  }

  let body: ReactNode
  if (!token) {
    body = <Alert color="red">{t('setPassword.missing')}</Alert>
  } else if (info.isPending) {
    body = (
      <Center py="lg" aria-busy="true">
        <Loader type="dots" />
      </Center>
    )
  } else if (submit.isSuccess) {
    body = (
      <Stack gap="md" data-testid="set-password-done">
        <Alert color="teal" icon={<IconCircleCheck size={18} />}>
          {t('setPassword.done')}
        </Alert>
        <Button component={Link} to={doneTo} data-testid="set-password-continue">
          {t('setPassword.continue')}
        </Button>
      </Stack>
    )
  } else if (info.isError) {
    body = (
      <Alert color="red" data-testid="set-password-invalid">
        {adminErrorText(i18n, info.error, t('setPassword.invalid'))}
      </Alert>
    )
  } else {
    body = (
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text>{t('setPassword.intro', { name: info.data.name, email: info.data.email })}</Text>
          {error && (
            <ErrorAlert title={t('errorTitle')} onClose={() => setError(null)}>
              {error}
            </ErrorAlert>
          )}
          <PasswordInput
            label={t('setPassword.password')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="new-password"
            required
            data-testid="set-password-input"
          />
          <PasswordInput
            label={t('setPassword.repeat')}
            value={repeat}
            onChange={(event) => setRepeat(event.currentTarget.value)}
            autoComplete="new-password"
            error={problem}
            required
            data-testid="set-password-repeat"
          />
          <Button type="submit" loading={submit.isPending} data-testid="set-password-submit">
            {t('setPassword.submit')}
          </Button>
        </Stack>
      </form>
    )
  }

  return (
    <Paper withBorder radius="lg" p="xl" maw={480} mx="auto">
      <Stack gap="lg">
        <Title order={1} fz={26}>
          {t('setPassword.title')}
        </Title>
        {body}
      </Stack>
    </Paper>
  )
}
