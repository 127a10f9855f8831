import { useMemo, useSyncExternalStore } from 'react'
import { sessionStore } from './session.js'
import { isAdminRole, isUsableToken, type SessionUser } from './session-store.js'

export interface Session {
  user: SessionUser | null
  token: string | null
  isAuthenticated: boolean
  isAdmin: boolean
  /** Forgets the login in this browser only; Logout (`useLogout`) also revokes the token. */
  signOut(): void
}

const signOut = () => sessionStore.signOut()

/** The current login, re-rendering when it changes (here or in another tab). */
export function useSession(): Session {
  const state = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot)
  return useMemo(() => {
    const isAuthenticated = isUsableToken(state.token) && state.user !== null
    return {
      user: isAuthenticated ? state.user : null,
      token: isAuthenticated ? state.token : null,
      isAuthenticated,
      isAdmin: isAuthenticated && isAdminRole(state.user?.role),
      signOut,
    }
  }, [state])
}
