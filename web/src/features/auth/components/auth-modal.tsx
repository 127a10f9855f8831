import { Modal } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { AuthMode } from '../auth-form-validation.js'
import { AuthPanel } from './auth-panel.js'

export interface AuthModalProps {
  opened: boolean
  mode: AuthMode
  onModeChange(mode: AuthMode): void
  /** Closed without signing in. */
  onClose(): void
  /** Signed in; the session is already stored. */
  onAuthenticated(): void
}

/** The login/signup modal of spec/transfers.md §2. */
export function AuthModal({ opened, mode, onModeChange, onClose, onAuthenticated }: AuthModalProps) {
  const { t } = useTranslation('common')
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(mode === 'signup' ? 'auth.modal.signupTitle' : 'auth.modal.loginTitle')}
      centered
      radius="lg"
      padding="xl"
      size={420}
      closeButtonProps={{ 'aria-label': t('auth.modal.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <AuthPanel mode={mode} onModeChange={onModeChange} onAuthenticated={onAuthenticated} />
    </Modal>
  )
}
