import type { SecondFactorMethod } from '@ferry/contracts/api/passkeys'
import { Button } from '@mantine/core'
import { IconBrandGoogleFilled } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useGoogleSignIn } from '../api/use-auth.js'
import { googleErrorMessage } from '../google/google-error-message.js'
import { GoogleSecondStepNeeded } from '../google/google-sign-in.js'

export interface GoogleSignInButtonProps {
  disabled?: boolean
  onStart(): void
  onSignedIn(): void
  onError(message: string): void
  /**
   * The account asks for its second step: Google's credential, to send again with the answer,
   * and the methods the account can answer with.
   */
  onSecondStep(credential: string, methods: readonly SecondFactorMethod[]): void
}

export function GoogleSignInButton({ disabled, onStart, onSignedIn, onError, onSecondStep }: GoogleSignInButtonProps) {
  const { t, i18n } = useTranslation('common')
  const google = useGoogleSignIn()
  const start = () => {
    onStart()
    google.mutate(undefined, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (error instanceof GoogleSecondStepNeeded) return onSecondStep(error.credential, error.methods)
        const message = googleErrorMessage(i18n, error)
        if (message) onError(message)
      },
    })
  }
  return (
    <Button
      variant="default"
      fullWidth
      size="md"
      leftSection={<IconBrandGoogleFilled size={18} />}
      loading={google.isPending}
      disabled={disabled}
      onClick={start}
    >
      {t('auth.google.button')}
    </Button>
  )
}
