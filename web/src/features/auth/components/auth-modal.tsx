import { Group, Modal, Text } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AuthMode } from '../auth-form-validation.js'
import { AuthPanel } from './auth-panel.js'
import { ForgotPasswordPanel } from './forgot-password-panel.js'

export interface AuthModalProps {
  opened: boolean
  mode: AuthMode
  onModeChange(mode: AuthMode): void
  /** Closed without signing in. */
  onClose(): void
  /** Signed in; the session is already stored. */
  onAuthenticated(): void
  /** Why the dialog appeared ('Log in to see My Transfers'), shown above the form. */
  reason?: string | null
  /** Shown above the sign-up form only (a referral link's invitation). */
  signupNotice?: ReactNode
  /** A refused single sign-on's code, from the sign-in page's `?sso_error=`. */
  ssoError?: string | null
}

/** The login/signup modal of spec/transfers.md §2, with "Forgot password?" (product.md §23). */
export function AuthModal({
  opened,
  mode,
  onModeChange,
  onClose,
  onAuthenticated,
  reason,
  signupNotice,
  ssoError,
}: AuthModalProps) {
  const { t } = useTranslation(['common', 'account'])
  // The address typed in the log-in form when "Forgot password?" was chosen; undefined otherwise.
  const [forgotFrom, setForgotFrom] = useState<string | undefined>()
  const forgot = forgotFrom !== undefined && mode === 'login'
  const close = () => {
    setForgotFrom(undefined)
    onClose()
  }
  let title = t(mode === 'signup' ? 'auth.modal.signupTitle' : 'auth.modal.loginTitle')
  if (forgot) title = t('forgot.title', { ns: 'account' })
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      radius="lg"
      padding="xl"
      size={420}
      closeButtonProps={{ 'aria-label': t('auth.modal.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {reason && !forgot && (
        // Not an alert: it is why the dialog opened, read with its title, not news that interrupts.
        <Group gap="xs" wrap="nowrap" mb="md" p="xs" bg="blue.0" c="blue.9" style={{ borderRadius: 8 }}>
          <IconLock size={18} style={{ flexShrink: 0 }} aria-hidden />
          <Text size="sm" fw={500} data-testid="sign-in-reason">
            {reason}
          </Text>
        </Group>
      )}
      {mode === 'signup' && signupNotice}
      {forgot ? (
        <ForgotPasswordPanel initialEmail={forgotFrom} onBack={() => setForgotFrom(undefined)} />
      ) : (
        <AuthPanel
          mode={mode}
          onModeChange={onModeChange}
          onAuthenticated={onAuthenticated}
          onForgotPassword={setForgotFrom}
          ssoError={ssoError}
        />
      )}
    </Modal>
  )
}
