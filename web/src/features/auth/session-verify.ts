import { isApiError } from '../../lib/api-error.js'
import type { SessionStore, SessionUser } from './session-store.js'

export type VerifyOutcome = 'signed-out' | 'valid' | 'invalid' | 'unknown'

export interface VerifySessionDeps {
  store: Pick<SessionStore, 'getSnapshot' | 'signOut' | 'updateUser'>
  verify(token: string): Promise<{ valid: boolean; user?: SessionUser | undefined }>
}

/**
 * spec/transfers.md §4: a restored session's token is checked with the server when the app starts. A
 * token the server refuses ends the session; the confirmed user replaces the stored copy (the
 * role may have changed). When the server cannot be asked (offline, 5xx) the session is kept:
 * the next API call's 401 still ends it if it is really gone.
 */
export async function verifyStoredSession({ store, verify }: VerifySessionDeps): Promise<VerifyOutcome> {
  const { token } = store.getSnapshot()
  if (!token) return 'signed-out'
  let answer: { valid: boolean; user?: SessionUser | undefined }
  try {
    answer = await verify(token)
  } catch (error) {
    if (!(isApiError(error) && error.status === 401)) return 'unknown'
    answer = { valid: false }
  }
  // A sign-in or sign-out while the check ran has the last word.
  if (store.getSnapshot().token !== token) return 'unknown'
  if (!answer.valid) {
    store.signOut()
    return 'invalid'
  }
  if (answer.user) store.updateUser(answer.user)
  return 'valid'
}
