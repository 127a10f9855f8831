import { loginPath, paths } from '../../lib/paths.js'
import type { SessionStore } from './session-store.js'

/**
 * spec/transfers.md §4: any 401 from the main API clears the stored login and goes to /login, which
 * brings the user back to where they were once they sign in again. Without a login there is no
 * session to end: a query that was refetched just after signing out and answered 401 leaves the
 * visitor where they are.
 */
export function expireSession(
  store: Pick<SessionStore, 'signOut' | 'getSnapshot'>,
  navigate: (to: string) => void,
  location: { pathname: string; search: string },
): void {
  if (store.getSnapshot().user === null) return
  store.signOut()
  if (location.pathname !== paths.login) navigate(loginPath(location.pathname + location.search))
}
