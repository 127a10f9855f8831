import { confirmationCodeLength } from '@ferry/contracts/api/auth'
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { IconMailCheck } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirmEmail, useResendConfirmation } from '../api/use-email-confirmation.js'
import { confirmationErrorText } from '../confirmation-error-text.js'
import { useSession } from '../use-session.js'

/**
 * The notice a signed-in account sees until it confirms its address (spec/accounts.md §2): what
 * to do, the 6-digit code form, and a way to get a new email.
 */
export function EmailConfirmationNotice() {
  const { t, i18n } = useTranslation('common')
  const { user } = useSession()
  const confirm = useConfirmEmail()
  const resend = useResendConfirmation()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [resent, setResent] = useState(false)

  if (!user) return null
  if (user.email_confirmed !== false) return null

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    const digits = code.replace(/\s+/g, '')
    if (!new RegExp(`^\\d{${confirmationCodeLength}}$`).test(digits)) return setError(t('confirmEmail.codeInvalid'))
    confirm.mutate({ email: user.email, code: digits }, { onError: (e) => setError(confirmationErrorText(i18n, e)) })
  }
  const onResend = () => {
    setError(null)
    setResent(false)
    resend.mutate(undefined, {
      onSuccess: () => setResent(true),
      onError: (e) => setError(confirmationErrorText(i18n, e)),
    })
  }

  return (
    <Alert
      color="yellow"
      variant="light"
      radius={0}
      icon={<IconMailCheck size={20} />}
      title={t('confirmEmail.noticeTitle')}
      data-testid="confirm-email-notice"
    >
      <Stack gap="xs">
        <Text size="sm">{t('confirmEmail.noticeText', { email: user.email })}</Text>
        <form onSubmit={onSubmit} noValidate>
          <Group gap="xs" align="flex-end">
            <TextInput
              label={t('confirmEmail.codeLabel')}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              w={160}
              data-testid="confirm-email-code"
            />
            <Button type="submit" loading={confirm.isPending} data-testid="confirm-email-code-submit">
              {t('confirmEmail.codeSubmit')}
            </Button>
            <Anchor component="button" type="button" size="sm" onClick={onResend} data-testid="confirm-email-resend">
              {t('confirmEmail.resend')}
            </Anchor>
          </Group>
        </form>
        {resent && (
          <Text size="sm" c="green.8" role="status" data-testid="confirm-email-resent">
            {t('confirmEmail.resent', { email: user.email })}
          </Text>
        )}
        {error && (
          <Text size="sm" c="red.8" role="alert" data-testid="confirm-email-error">
            {error}
          </Text>
        )}
      </Stack>
    </Alert>
  )
}
