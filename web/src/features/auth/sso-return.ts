import type { SessionStore, SessionUser } from './session-store.js'

/**
 * Single sign-on ends with the server's redirect to `/` and its auth cookie set: the page cannot
 * tell it from any other visit. So the tab notes that it left for the provider, and the app, when
 * it starts signed out with that note, asks the server who the cookie is (issue 23 item 3).
 */
const startedKey = 'ferry.sso.started'
/** A note older than this is a flow given up on, not one coming back. */
const maxAgeMs = 15 * 60 * 1000

type NoteStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Called just before the browser goes to /auth/sso/start. */
export function noteSsoStart(storage: NoteStorage = sessionStorage, now = Date.now()): void {
  try {
    storage.setItem(startedKey, String(now))
  } catch {
    // Storage refused (private mode quotas): the person signs in again by the form, nothing breaks.
  }
}

/** Whether this tab came back from the provider; the note is used up either way. */
export function takeSsoReturn(storage: NoteStorage = sessionStorage, now = Date.now()): boolean {
  try {
    const started = Number(storage.getItem(startedKey))
    storage.removeItem(startedKey)
    return started > 0 && now - started >= 0 && now - started < maxAgeMs
  } catch {
    return false
  }
}

/** Signs the page in with the session the callback's cookie carries, when it is valid. */
export async function adoptSsoSession({
  store,
  verify,
}: {
  store: Pick<SessionStore, 'getSnapshot' | 'signIn'>
  verify(): Promise<{ valid: boolean; user?: SessionUser | undefined }>
}): Promise<boolean> {
  if (store.getSnapshot().signedInAt !== null) return false
  try {
    const answer = await verify()
    if (!answer.valid || !answer.user || store.getSnapshot().signedInAt !== null) return false
    store.signIn(answer.user)
    return true
  } catch {
    // Refused (401) or unreachable: the sign-in page's `sso_error`, if any, says why.
    return false
  }
}
