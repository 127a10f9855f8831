/** The signed-in user as the header and guards need it; the accounts feature may extend it. */
export interface SessionUser {
  id: string
  email: string
  name?: string | null
  /** FREE, PREMIUM or ADMIN; compared case-insensitively. */
  role: string
  picture?: string | null
  /** When the account was made ('Member since'); absent in sessions stored before it was sent. */
  created_at?: string | null
  /** The account's language for its emails; absent in sessions stored before it was sent. */
  language?: string | null
  /** False until the account confirms its address (spec/accounts.md §2); absent counts as confirmed. */
  email_confirmed?: boolean | null
}

/**
 * What this page knows about the login. The token itself never reaches script: it lives in the
 * httpOnly cookie the server sets (spec/transfers.md §4), so only the non-secret profile is kept.
 */
export interface SessionState {
  user: SessionUser | null
  /** When this login happened (ms), telling one login from the next; null when signed out. */
  signedInAt: number | null
}

export const userStorageKey = 'auth_user'
/** Where older versions kept the token in localStorage; removed at start, never written. */
export const legacyTokenStorageKey = 'auth_token'
/** spec/transfers.md §9: a stored session is restored only while it is under 24 hours old. */
export const sessionRestoreMaxAgeMs = 24 * 60 * 60 * 1000

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

interface StoredUser {
  user: SessionUser
  savedAt: number
}

const signedOut: SessionState = { user: null, signedInAt: null }

/** spec/transfers.md §6: admin is the role ADMIN, compared case-insensitively. */
export function isAdminRole(role: string | null | undefined): boolean {
  return typeof role === 'string' && role.toUpperCase() === 'ADMIN'
}

function isSessionUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== 'object') return false
  const user = value as Record<string, unknown>
  return typeof user.id === 'string' && typeof user.email === 'string' && typeof user.role === 'string'
}

function safeGet(storage: KeyValueStorage, key: string): string | null {
  try {
    return storage.getItem(key)
  } catch {
    return null
  }
}

function safeRemove(storage: KeyValueStorage, key: string): void {
  try {
    storage.removeItem(key)
  } catch {
    // Storage can be unavailable (private mode); the in-memory state is what counts.
  }
}

/**
 * The session kept in storage, or signed out when the user record is missing, unreadable, or was
 * saved 24 hours ago or more.
 */
export function readStoredSession(storage: KeyValueStorage, now: number): SessionState {
  const raw = safeGet(storage, userStorageKey)
  if (!raw) return signedOut
  let stored: Partial<StoredUser>
  try {
    stored = JSON.parse(raw) as Partial<StoredUser>
  } catch {
    return signedOut
  }
  const savedAt = typeof stored.savedAt === 'number' ? stored.savedAt : Number.NaN
  const age = now - savedAt
  if (!isSessionUser(stored.user) || !(age >= 0 && age < sessionRestoreMaxAgeMs)) return signedOut
  return { user: stored.user, signedInAt: savedAt }
}

export interface SessionStore {
  getSnapshot(): SessionState
  subscribe(listener: () => void): () => void
  /** Stores a fresh login's user, stamped now (the token stays in the server's cookie). */
  signIn(user: SessionUser): void
  /**
   * Replaces the signed-in user's details (e.g. after the server confirmed the session), keeping
   * the time of the login so the 24-hour restore window does not restart.
   */
  updateUser(user: SessionUser): void
  /** Clears everything stored about the login. */
  signOut(): void
  /** Re-reads storage, e.g. after another tab signed in or out. */
  reload(): void
  /**
   * Whether a login was stored but refused at start (24 hours old or unreadable): its cookie is
   * still in the browser and should be ended on the server.
   */
  readonly droppedAtStart: boolean
}

export interface SessionStoreDeps {
  storage: KeyValueStorage
  now?: () => number
}

export function createSessionStore({ storage, now = Date.now }: SessionStoreDeps): SessionStore {
  const listeners = new Set<() => void>()
  // A token older versions kept in script-readable storage goes; the cookie carries the session.
  safeRemove(storage, legacyTokenStorageKey)
  let state = readStoredSession(storage, now())
  const droppedAtStart = state.user === null && safeGet(storage, userStorageKey) !== null
  // A stale or broken record is removed, so other code never restores what we refused.
  if (droppedAtStart) safeRemove(storage, userStorageKey)

  function set(next: SessionState) {
    if (next.user === state.user && next.signedInAt === state.signedInAt) return
    state = next
    for (const listener of listeners) listener()
  }

  return {
    droppedAtStart,
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    signIn(user) {
      const savedAt = now()
      try {
        storage.setItem(userStorageKey, JSON.stringify({ user, savedAt } satisfies StoredUser))
      } catch {
        // Still signed in for this page; only restoring after a reload is lost.
      }
      set({ user, signedInAt: savedAt })
    },
    updateUser(user) {
      const { signedInAt } = state
      if (signedInAt === null) return
      try {
        // Only over a record still there: another tab may have signed out meanwhile.
        if (storage.getItem(userStorageKey)) {
          storage.setItem(userStorageKey, JSON.stringify({ user, savedAt: signedInAt } satisfies StoredUser))
        }
      } catch {
        // Unavailable storage: the in-memory user is still updated.
      }
      if (JSON.stringify(user) !== JSON.stringify(state.user)) set({ user, signedInAt })
    },
    signOut() {
      safeRemove(storage, userStorageKey)
      safeRemove(storage, legacyTokenStorageKey)
      set(signedOut)
    },
    reload() {
      const next = readStoredSession(storage, now())
      const same = next.signedInAt === state.signedInAt && JSON.stringify(next.user) === JSON.stringify(state.user)
      if (!same) set(next)
    },
  }
}
