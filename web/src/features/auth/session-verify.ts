import { isApiError } from '../../lib/api-error.js'
import type { SessionStore, SessionUser } from './session-store.js'

export type VerifyOutcome = 'signed-out' | 'valid' | 'invalid' | 'unknown'

export interface VerifySessionDeps {
  store: Pick<SessionStore, 'getSnapshot' | 'signOut' | 'updateUser'>
  /** Asks the server about the session its auth cookie carries. */
  verify(): Promise<{ valid: boolean; user?: SessionUser | undefined }>
}

/**
 * spec/transfers.md §4: a restored session is checked with the server when the app starts (the
 * browser sends the auth cookie). A session the server refuses ends here too; the confirmed user
 * replaces the stored copy (the role may have changed). When the server cannot be asked
 * (offline, 5xx) the session is kept: the next API call's 401 still ends it if it is really gone.
 */
export async function verifyStoredSession({ store, verify }: VerifySessionDeps): Promise<VerifyOutcome> {
  const { signedInAt } = store.getSnapshot()
  if (signedInAt === null) return 'signed-out'
  let answer: { valid: boolean; user?: SessionUser | undefined }
  try {
    answer = await verify()
  } catch (error) {
    if (!(isApiError(error) && error.status === 401)) return 'unknown'
    answer = { valid: false }
  }
  // A sign-in or sign-out while the check ran has the last word.
  if (store.getSnapshot().signedInAt !== signedInAt) return 'unknown'
  if (!answer.valid) {
    store.signOut()
    return 'invalid'
  }
  if (answer.user) store.updateUser(answer.user)
  return 'valid'
}
