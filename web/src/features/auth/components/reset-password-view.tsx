import { passwordMinLength } from '@ferry/contracts/api/auth'
import { Button, PasswordInput, Stack, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EmailedLinkPage, LinkStepError } from '../../../components/emailed-link-page.js'
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

  return (
    <EmailedLinkPage
      title={t('reset.pageTitle')}
      missingToken={token ? null : t('reset.missing')}
      done={
        reset.isSuccess
          ? {
              title: t('reset.doneTitle'),
              text: t('reset.doneText'),
              testId: 'reset-password-done',
              action: (
                <Button onClick={() => authModal.open('login')} data-testid="reset-password-login">
                  {t('reset.login')}
                </Button>
              ),
            }
          : null
      }
    >
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
            <LinkStepError testId="reset-password-error">{authErrorMessage(i18n, reset.error)}</LinkStepError>
          )}
          <Button type="submit" loading={reset.isPending} data-testid="reset-password-submit">
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </EmailedLinkPage>
  )
}
