import type { LoginResponse } from '@ferry/contracts/api/auth'
import type { SessionStore } from './session-store.js'

/**
 * Keeps a login's answer in this page: only the user's profile. The token the answer also carries
 * (for API clients) stays in the httpOnly cookie the server just set, out of reach of script
 * (spec/transfers.md §4).
 */
export function rememberSignIn(store: Pick<SessionStore, 'signIn'>, response: LoginResponse): void {
  store.signIn(response.user)
}
