import type { SecondFactorMethod } from '@ferry/contracts/api/passkeys'
import { Alert, Anchor, Button, Checkbox, Divider, Stack, Text, TextInput } from '@mantine/core'
import { IconKey } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { passkeyErrorMessage } from '../../../lib/passkey-error.js'
import { authApi, type SecondStepAnswer } from '../api/auth-api.js'

/** What the second step adds to the sign-in request (issue 23 item 2). */
export type SecondFactorAnswer = SecondStepAnswer

export interface SecondFactorStepProps {
  /** What the account can answer with, from the server's `second_factor_required`. */
  methods?: readonly SecondFactorMethod[]
  pending: boolean
  onSubmit(answer: SecondFactorAnswer): void
  onBack(): void
}

/**
 * Sign-in's second step: one of the account's passkeys, the authenticator app's code, or a
 * recovery code, and "remember this device".
 */
export function SecondFactorStep({ methods = [], pending, onSubmit, onBack }: SecondFactorStepProps) {
  const { t, i18n } = useTranslation('common')
  const [recovery, setRecovery] = useState(false)
  const [code, setCode] = useState('')
  const [remember, setRemember] = useState(false)
  const [askingPasskey, setAskingPasskey] = useState(false)
  const [passkeyError, setPasskeyError] = useState<string | null>(null)

  const answerWithPasskey = async () => {
    setPasskeyError(null)
    setAskingPasskey(true)
    try {
      onSubmit({ passkey: await authApi.passkeyAssertion(), remember_device: remember })
    } catch (error) {
      setPasskeyError(passkeyErrorMessage(i18n, error))
    } finally {
      setAskingPasskey(false)
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const typed = code.trim()
    if (!typed) return
    onSubmit(
      recovery
        ? { recovery_code: typed, remember_device: remember }
        : { totp_code: typed.replace(/\s+/g, ''), remember_device: remember },
    )
  }

  return (
    <form noValidate onSubmit={submit} data-testid="second-factor-step">
      <Stack gap="sm">
        {methods.includes('passkey') && (
          <>
            <Button
              variant="default"
              size="md"
              fullWidth
              leftSection={<IconKey size={18} />}
              loading={askingPasskey || pending}
              onClick={() => void answerWithPasskey()}
              data-testid="second-factor-passkey"
            >
              {t('passkeys.useForSecondStep')}
            </Button>
            {passkeyError && (
              <Alert color="red" variant="light" role="alert">
                {passkeyError}
              </Alert>
            )}
            <Divider label={t('auth.form.or')} labelPosition="center" />
          </>
        )}
        <Text size="sm">{t(recovery ? 'auth.secondFactor.recoveryIntro' : 'auth.secondFactor.intro')}</Text>
        <TextInput
          key={recovery ? 'recovery' : 'totp'}
          label={t(recovery ? 'auth.secondFactor.recoveryLabel' : 'auth.secondFactor.codeLabel')}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 64 : 10}
          required
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          data-autofocus
          autoFocus
        />
        <Checkbox
          label={t('auth.secondFactor.remember')}
          checked={remember}
          onChange={(event) => setRemember(event.currentTarget.checked)}
        />
        <Button type="submit" size="md" fullWidth loading={pending}>
          {t('auth.secondFactor.submit')}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setRecovery(!recovery)
            setCode('')
          }}
        >
          {t(recovery ? 'auth.secondFactor.useApp' : 'auth.secondFactor.useRecovery')}
        </Anchor>
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onBack}>
          {t('auth.secondFactor.back')}
        </Anchor>
      </Stack>
    </form>
  )
}
