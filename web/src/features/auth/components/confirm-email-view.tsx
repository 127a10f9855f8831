import { Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconCircleCheck } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useConfirmEmail } from '../api/use-email-confirmation.js'
import { confirmationErrorText } from '../confirmation-error-text.js'
import { useSession } from '../use-session.js'

export interface ConfirmEmailViewProps {
  /** The emailed link's token; empty when the page was opened without one. */
  token: string
  /** Where to go once confirmed. */
  doneTo: string
}

/**
 * The page of the emailed link (spec/accounts.md §2). Opening it confirms nothing (mail scanners
 * open links); the button sends the POST. Without a token it offers the email-and-code form.
 */
export function ConfirmEmailView({ token, doneTo }: ConfirmEmailViewProps) {
  const { t, i18n } = useTranslation('common')
  const { user } = useSession()
  const confirm = useConfirmEmail()
  const [email, setEmail] = useState(user?.email ?? '')
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)

  const fail = (e: unknown) => setError(confirmationErrorText(i18n, e))
  const onConfirmLink = () => {
    setError(null)
    confirm.mutate({ token }, { onError: fail })
  }
  const onSubmitCode = (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    const digits = code.replace(/\s+/g, '')
    if (!email.trim() || !/^\d{6}$/.test(digits)) return setError(t('confirmEmail.codeInvalid'))
    confirm.mutate({ email: email.trim(), code: digits }, { onError: fail })
  }

  if (confirm.isSuccess) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="sm" data-testid="confirm-email-done">
          <IconCircleCheck size={48} color="var(--mantine-color-green-6)" aria-hidden />
          <Title order={1} size="h2">
            {t('confirmEmail.doneTitle')}
          </Title>
          <Text ta="center">{t('confirmEmail.doneText')}</Text>
          <Button component={Link} to={doneTo}>
            {t('confirmEmail.startSending')}
          </Button>
        </Stack>
      </Paper>
    )
  }

  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('confirmEmail.pageTitle')}
        </Title>
        {token ? (
          <>
            <Text>{t('confirmEmail.pageText')}</Text>
            <Button onClick={onConfirmLink} loading={confirm.isPending} data-testid="confirm-email-button">
              {t('confirmEmail.button')}
            </Button>
          </>
        ) : (
          <form onSubmit={onSubmitCode} noValidate>
            <Stack gap="sm">
              <Text>{t('confirmEmail.codeText')}</Text>
              <TextInput
                type="email"
                label={t('confirmEmail.emailLabel')}
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                autoComplete="email"
              />
              <TextInput
                label={t('confirmEmail.codeLabel')}
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                data-testid="confirm-page-code"
              />
              <Button type="submit" loading={confirm.isPending} data-testid="confirm-page-code-submit">
                {t('confirmEmail.codeSubmit')}
              </Button>
            </Stack>
          </form>
        )}
        {error && (
          <Text c="red.8" role="alert" data-testid="confirm-email-error">
            {error}
          </Text>
        )}
        {!user && (
          <Text size="sm" c="dimmed">
            <Anchor component={Link} to="/login">
              {t('confirmEmail.login')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </Paper>
  )
}
