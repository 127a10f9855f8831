import { useSyncExternalStore } from 'react'
import type { AuthMode } from './auth-form-validation.js'

export interface AuthModalState {
  opened: boolean
  mode: AuthMode
}

/**
 * The app-wide login/signup modal (spec/transfers.md §2): the header's Login button, and later the
 * transfer form, open it wherever the user is, and it closes itself after signing in.
 */
function createAuthModalStore() {
  const listeners = new Set<() => void>()
  let state: AuthModalState = { opened: false, mode: 'login' }
  const set = (next: AuthModalState) => {
    if (next.opened === state.opened && next.mode === state.mode) return
    state = next
    for (const listener of listeners) listener()
  }
  return {
    getSnapshot: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    open: (mode: AuthMode = 'login') => set({ opened: true, mode }),
    setMode: (mode: AuthMode) => set({ ...state, mode }),
    close: () => set({ ...state, opened: false }),
  }
}

export const authModal = createAuthModalStore()

export function useAuthModal(): AuthModalState {
  return useSyncExternalStore(authModal.subscribe, authModal.getSnapshot)
}
