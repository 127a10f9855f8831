import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core'
import { IconAlertCircle, IconMailForward } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { authApi } from '../api/auth-api.js'
import { authErrorMessage } from '../auth-error-message.js'
import { authLimits, validateAuthForm } from '../auth-form-validation.js'

export interface ForgotPasswordPanelProps {
  /** The address typed in the log-in form, to start from. */
  initialEmail?: string
  onBack(): void
}

/**
 * "Forgot password?" in the log-in dialog (product.md §23): asks for a reset link. The answer
 * is the same whether or not the address has an account, and so is what this panel says.
 */
export function ForgotPasswordPanel({ initialEmail = '', onBack }: ForgotPasswordPanelProps) {
  const { t, i18n } = useTranslation(['account', 'common'])
  const [email, setEmail] = useState(initialEmail)
  const [fieldError, setFieldError] = useState<string | undefined>()
  const request = useMutation({ mutationFn: (address: string) => authApi.forgotPassword(address) })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    // The same email rules as the log-in form: a password is not asked here.
    const checked = validateAuthForm('login', { name: '', email, password: 'x' })
    const key = checked.ok ? undefined : checked.errors.email
    if (key) return setFieldError(t(`auth.validation.${key}`, { ns: 'common', ...authLimits }))
    request.mutate(email.trim())
  }

  if (request.isSuccess) {
    return (
      <Stack gap="md" data-testid="forgot-password-sent">
        <Alert color="teal" variant="light" icon={<IconMailForward size={18} />} role="status">
          {t('forgot.sent', { email: request.variables })}
        </Alert>
        <Button variant="default" onClick={onBack}>
          {t('forgot.back')}
        </Button>
      </Stack>
    )
  }

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Text size="sm">{t('forgot.intro')}</Text>
        <TextInput
          type="email"
          label={t('forgot.email')}
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value)
            setFieldError(undefined)
          }}
          error={fieldError}
          data-autofocus
          data-testid="forgot-password-email"
        />
        {request.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {authErrorMessage(i18n, request.error)}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={request.isPending} data-testid="forgot-password-submit">
          {t('forgot.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onBack}>
          {t('forgot.back')}
        </Anchor>
      </Stack>
    </form>
  )
}
