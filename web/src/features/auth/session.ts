import { registerApiAuth } from '../../lib/api-client.js'
import { authApi } from './api/auth-api.js'
import { expireSession } from './session-expiry.js'
import { createSessionStore, tokenStorageKey, userStorageKey } from './session-store.js'
import { verifyStoredSession } from './session-verify.js'

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

const memory = new Map<string, string>()
const memoryStorage = {
  getItem: (key: string) => memory.get(key) ?? null,
  setItem: (key: string, value: string) => void memory.set(key, value),
  removeItem: (key: string) => void memory.delete(key),
}

/** The one session of this page, kept in localStorage as spec/transfers.md §4 says. */
export const sessionStore = createSessionStore({ storage: browserStorage() ?? memoryStorage })

/**
 * Connects the session to the rest of the app: the api client sends its token and, on any 401,
 * the login is cleared and the user is sent to /login (spec/transfers.md §4); a restored token is
 * verified with the server once; other tabs' sign-ins and sign-outs are followed. Returns a
 * function that undoes it.
 */
export function connectSession(navigate: (to: string) => void): () => void {
  const unregister = registerApiAuth({
    getToken: () => sessionStore.getSnapshot().token,
    onUnauthorized: () => expireSession(sessionStore, navigate, window.location),
  })
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === tokenStorageKey || event.key === userStorageKey) sessionStore.reload()
  }
  window.addEventListener('storage', onStorage)
  void verifyStoredSession({ store: sessionStore, verify: authApi.verify })
  return () => {
    unregister()
    window.removeEventListener('storage', onStorage)
  }
}
