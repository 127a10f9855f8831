import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core'
import { IconAlertCircle, IconBuilding } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '../../../lib/i18n.js'
import { authApi } from '../api/auth-api.js'
import { authErrorMessage } from '../auth-error-message.js'
import { noteSsoStart } from '../sso-return.js'
import { ssoStartPath } from '../sso-start.js'

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)

export interface SsoEmailPanelProps {
  initialEmail?: string
  /** Why the panel opened instead of the password form (the server's `sso_required`). */
  notice?: string | null
  onBack(): void
}

/**
 * "Continue with single sign-on" (issue 23 item 3): the address's domain is asked for at
 * /auth/sso/discover, and the browser goes to /auth/sso/start?email= when an organization's
 * provider serves it. The start is a full navigation: the server keeps the flow (PKCE, state, nonce).
 */
export function SsoEmailPanel({ initialEmail = '', notice, onBack }: SsoEmailPanelProps) {
  const { t, i18n } = useTranslation('common')
  const [email, setEmail] = useState(initialEmail)
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [leaving, setLeaving] = useState(false)
  const discover = useMutation({ mutationFn: (address: string) => authApi.ssoDiscover(address) })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const address = email.trim()
    if (!looksLikeEmail(address)) {
      setFieldError(t('auth.validation.emailInvalid'))
      return
    }
    discover.mutate(address, {
      onSuccess: (answer) => {
        if (!answer.sso) return
        setLeaving(true)
        noteSsoStart()
        window.location.assign(ssoStartPath(currentLanguage(i18n), address))
      },
    })
  }

  const notServed = discover.data && !discover.data.sso
  return (
    <form noValidate onSubmit={submit} data-testid="sso-email-panel">
      <Stack gap="sm">
        {notice && (
          <Alert color="blue" variant="light" icon={<IconBuilding size={18} />} data-testid="sso-required-notice">
            {notice}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('auth.sso.emailIntro')}
        </Text>
        <TextInput
          type="email"
          label={t('auth.sso.workEmail')}
          placeholder={t('auth.form.emailPlaceholder')}
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value)
            setFieldError(null)
            discover.reset()
          }}
          error={fieldError}
          data-autofocus
          data-testid="sso-email"
        />
        {notServed && (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {t('auth.sso.notServed')}
          </Alert>
        )}
        {discover.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {authErrorMessage(i18n, discover.error)}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={discover.isPending || leaving} data-testid="sso-continue">
          {t('auth.sso.continue')}
        </Button>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onBack}>
          {t('auth.sso.back')}
        </Anchor>
      </Stack>
    </form>
  )
}
