import { useMemo, useSyncExternalStore } from 'react'
import { sessionStore } from './session.js'
import { isAdminRole, type SessionUser } from './session-store.js'

export interface Session {
  user: SessionUser | null
  isAuthenticated: boolean
  isAdmin: boolean
  /** Forgets the login in this browser only; Logout (`useLogout`) also ends it on the server. */
  signOut(): void
}

const signOut = () => sessionStore.signOut()

/** The current login, re-rendering when it changes (here or in another tab). */
export function useSession(): Session {
  const state = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot)
  return useMemo(() => {
    const isAuthenticated = state.user !== null
    return {
      user: state.user,
      isAuthenticated,
      isAdmin: isAuthenticated && isAdminRole(state.user?.role),
      signOut,
    }
  }, [state])
}
