import { registerApiAuth } from '../../lib/api-client.js'
import { authApi } from './api/auth-api.js'
import { expireSession } from './session-expiry.js'
import { createSessionStore, legacyTokenStorageKey, userStorageKey } from './session-store.js'
import { verifyStoredSession } from './session-verify.js'
import { adoptSsoSession, takeSsoReturn } from './sso-return.js'

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

/**
 * The one session of this page. The token lives only in the server's httpOnly cookie; what
 * localStorage keeps is the signed-in user's profile and when they signed in (spec/transfers.md §4).
 */
export const sessionStore = createSessionStore({ storage: browserStorage() ?? memoryStorage })

let leaving = 0

/**
 * Runs a deliberate logout (`leave`): meanwhile a 401 from a call still in flight, or one the
 * server's answer causes, does not send the user to /login, since `leave` decides where they go.
 */
export async function whileLeaving<T>(leave: () => Promise<T>): Promise<T> {
  leaving++
  try {
    return await leave()
  } finally {
    leaving--
  }
}

/** Whether a deliberate logout is under way: login guards then leave the way to it (see `whileLeaving`). */
export const isLeaving = (): boolean => leaving > 0

/**
 * Connects the session to the rest of the app: on any 401 from the api client the login is
 * cleared and the user is sent to /login (spec/transfers.md §4); a restored session is verified
 * with the server once (by its cookie); a login refused at start as too old also ends its cookie;
 * other tabs' sign-ins and sign-outs are followed. Returns a function that undoes it.
 */
export function connectSession(navigate: (to: string) => void): () => void {
  const unregister = registerApiAuth({
    onUnauthorized: () => {
      if (leaving === 0) expireSession(sessionStore, navigate, window.location)
    },
  })
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === userStorageKey || event.key === legacyTokenStorageKey) {
      sessionStore.reload()
    }
  }
  window.addEventListener('storage', onStorage)
  if (sessionStore.droppedAtStart) void authApi.logout().catch(() => undefined)
  // Back from single sign-on: the callback's cookie is a session the page does not know yet.
  if (takeSsoReturn()) void adoptSsoSession({ store: sessionStore, verify: authApi.verify })
  else void verifyStoredSession({ store: sessionStore, verify: authApi.verify })
  return () => {
    unregister()
    window.removeEventListener('storage', onStorage)
  }
}
