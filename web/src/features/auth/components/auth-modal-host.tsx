import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { authModal, useAuthModal } from '../auth-modal-store.js'
import { AuthModal } from './auth-modal.js'

/** Renders the app-wide auth modal that `authModal.open()` shows; it closes on navigation. */
export function AuthModalHost() {
  const { opened, mode } = useAuthModal()
  const { pathname } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a route change is what closes it
  useEffect(() => authModal.close(), [pathname])
  return (
    <AuthModal
      opened={opened}
      mode={mode}
      onModeChange={authModal.setMode}
      onClose={authModal.close}
      onAuthenticated={authModal.close}
    />
  )
}
