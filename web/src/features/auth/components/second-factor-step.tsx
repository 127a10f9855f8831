import { Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { SecondStepAnswer } from '../api/auth-api.js'

/** What the second step adds to the sign-in request (issue 23 item 2). */
export type SecondFactorAnswer = SecondStepAnswer

export interface SecondFactorStepProps {
  pending: boolean
  onSubmit(answer: SecondFactorAnswer): void
  onBack(): void
}

/** Sign-in's second step: the authenticator app's code, or a recovery code, and "remember this device". */
export function SecondFactorStep({ pending, onSubmit, onBack }: SecondFactorStepProps) {
  const { t } = useTranslation('common')
  const [recovery, setRecovery] = useState(false)
  const [code, setCode] = useState('')
  const [remember, setRemember] = useState(false)

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
