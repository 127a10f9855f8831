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
}

export interface SessionState {
  token: string | null
  user: SessionUser | null
}

export const tokenStorageKey = 'auth_token'
export const userStorageKey = 'auth_user'
/** spec/transfers.md §9: a stored session is restored only while it is under 24 hours old. */
export const sessionRestoreMaxAgeMs = 24 * 60 * 60 * 1000

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

interface StoredUser {
  user: SessionUser
  savedAt: number
}

const signedOut: SessionState = { token: null, user: null }

/** spec/transfers.md §4: a token counts as present only if longer than 10 characters. */
export function isUsableToken(token: unknown): token is string {
  return typeof token === 'string' && token.length > 10
}

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

/**
 * The session kept in storage, or signed out when the token is missing or too short, the user
 * record is unreadable, or it was saved 24 hours ago or more.
 */
export function readStoredSession(storage: KeyValueStorage, now: number): SessionState {
  const token = safeGet(storage, tokenStorageKey)
  const raw = safeGet(storage, userStorageKey)
  if (!isUsableToken(token) || !raw) return signedOut
  let stored: Partial<StoredUser>
  try {
    stored = JSON.parse(raw) as Partial<StoredUser>
  } catch {
    return signedOut
  }
  const age = now - (typeof stored.savedAt === 'number' ? stored.savedAt : Number.NaN)
  if (!isSessionUser(stored.user) || !(age >= 0 && age < sessionRestoreMaxAgeMs)) return signedOut
  return { token, user: stored.user }
}

export interface SessionStore {
  getSnapshot(): SessionState
  subscribe(listener: () => void): () => void
  /** Stores a fresh login (token and user, stamped now). */
  signIn(token: string, user: SessionUser): void
  /**
   * Replaces the signed-in user's details (e.g. after the server confirmed the token), keeping
   * the time of the login so the 24-hour restore window does not restart.
   */
  updateUser(user: SessionUser): void
  /** Clears everything stored about the login. */
  signOut(): void
  /** Re-reads storage, e.g. after another tab signed in or out. */
  reload(): void
}

export interface SessionStoreDeps {
  storage: KeyValueStorage
  now?: () => number
}

export function createSessionStore({ storage, now = Date.now }: SessionStoreDeps): SessionStore {
  const listeners = new Set<() => void>()
  let state = readStoredSession(storage, now())
  // A stale or broken record is removed, so other code never restores what we refused.
  if (!state.token) clearStorage()

  function clearStorage() {
    try {
      storage.removeItem(tokenStorageKey)
      storage.removeItem(userStorageKey)
    } catch {
      // Storage can be unavailable (private mode); the in-memory state is what counts.
    }
  }

  function set(next: SessionState) {
    if (next.token === state.token && next.user === state.user) return
    state = next
    for (const listener of listeners) listener()
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    signIn(token, user) {
      try {
        storage.setItem(tokenStorageKey, token)
        storage.setItem(userStorageKey, JSON.stringify({ user, savedAt: now() } satisfies StoredUser))
      } catch {
        // Still signed in for this page; only restoring after a reload is lost.
      }
      set({ token, user })
    },
    updateUser(user) {
      if (!state.token) return
      try {
        const raw = storage.getItem(userStorageKey)
        const savedAt = raw ? (JSON.parse(raw) as Partial<StoredUser>).savedAt : undefined
        if (typeof savedAt === 'number') {
          storage.setItem(userStorageKey, JSON.stringify({ user, savedAt } satisfies StoredUser))
        }
      } catch {
        // Unreadable storage: the in-memory user is still updated.
      }
      if (JSON.stringify(user) !== JSON.stringify(state.user)) set({ token: state.token, user })
    },
    signOut() {
      clearStorage()
      set(signedOut)
    },
    reload() {
      const next = readStoredSession(storage, now())
      const same = next.token === state.token && JSON.stringify(next.user) === JSON.stringify(state.user)
      if (!same) set(next)
    },
  }
}
