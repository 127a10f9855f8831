import type { Language } from '@ferry/contracts/domain/languages'
import type { SessionStore, SessionUser } from './session-store.js'

export interface SyncLanguageDeps {
  store: Pick<SessionStore, 'getSnapshot' | 'updateUser'>
  setLanguage(language: Language): Promise<SessionUser>
}

/**
 * Tells the server the interface language when the signed-in account has another one stored, so
 * the emails this user causes (transfers, request-link notices) are written in the language they
 * use. The stored user is then updated; a failure changes nothing and is tried again on the next
 * sign-in or language change.
 */
export async function syncAccountLanguage({ store, setLanguage }: SyncLanguageDeps, language: Language): Promise<void> {
  const { signedInAt, user } = store.getSnapshot()
  if (signedInAt === null || !user || user.language === language) return
  try {
    const updated = await setLanguage(language)
    // A sign-out or another sign-in while the request ran has the last word.
    if (store.getSnapshot().signedInAt === signedInAt) store.updateUser(updated)
  } catch {
    // Offline or signed out meanwhile: the next change tries again.
  }
}
