import { describe, expect, it } from 'vitest'
import {
  createSessionStore,
  isAdminRole,
  legacyTokenStorageKey,
  readStoredSession,
  sessionRestoreMaxAgeMs,
  userStorageKey,
} from './session-store.js'

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  const written: string[] = []
  return {
    data,
    /** Every key and value ever written, in order. */
    written,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      written.push(`${key}=${value}`)
      data.set(key, value)
    },
    removeItem: (key: string) => void data.delete(key),
  }
}

const user = { id: 'u1', email: 'ana@example.com', name: 'Ana', role: 'FREE' }
const t0 = 1_700_000_000_000
const signedOut = { user: null, signedInAt: null }

function stored(savedAt: number, overrides: Record<string, string> = {}) {
  return memoryStorage({ [userStorageKey]: JSON.stringify({ user, savedAt }), ...overrides })
}

describe('readStoredSession', () => {
  it('restores a session saved under 24 hours ago', () => {
    expect(readStoredSession(stored(t0), t0 + sessionRestoreMaxAgeMs - 1)).toEqual({ user, signedInAt: t0 })
  })

  it('does not restore a session 24 hours old or older', () => {
    expect(readStoredSession(stored(t0), t0 + sessionRestoreMaxAgeMs)).toEqual(signedOut)
  })

  it('rejects unreadable, shapeless or future-dated user records', () => {
    expect(readStoredSession(stored(t0, { [userStorageKey]: '{not json' }), t0).user).toBeNull()
    expect(readStoredSession(stored(t0, { [userStorageKey]: '{"user":{"id":"u1"},"savedAt":1}' }), t0).user).toBeNull()
    expect(readStoredSession(stored(t0 + 60_000), t0).user).toBeNull()
  })
})

describe('isAdminRole', () => {
  it('compares the role to ADMIN case-insensitively', () => {
    expect(isAdminRole('admin')).toBe(true)
    expect(isAdminRole('Admin')).toBe(true)
    expect(isAdminRole('PREMIUM')).toBe(false)
    expect(isAdminRole(undefined)).toBe(false)
  })
})

describe('createSessionStore', () => {
  it('signs in, notifies, persists the profile with a timestamp, and signs out clearing storage', () => {
    const storage = memoryStorage()
    let now = t0
    const store = createSessionStore({ storage, now: () => now })
    let notified = 0
    store.subscribe(() => notified++)

    store.signIn(user)
    expect(store.getSnapshot()).toEqual({ user, signedInAt: t0 })
    expect(JSON.parse(storage.data.get(userStorageKey) ?? '')).toEqual({ user, savedAt: t0 })
    now += 1000
    expect(createSessionStore({ storage, now: () => now }).getSnapshot().user).toEqual(user)

    store.signOut()
    expect(store.getSnapshot()).toEqual(signedOut)
    expect(storage.data.size).toBe(0)
    expect(notified).toBe(2)
  })

  it('never writes a token: only the user record goes to storage (security review M-4)', () => {
    const storage = memoryStorage()
    const store = createSessionStore({ storage, now: () => t0 })
    store.signIn(user)
    store.updateUser({ ...user, role: 'PREMIUM' })
    store.reload()
    expect(storage.written.length).toBeGreaterThan(0)
    for (const entry of storage.written) expect(entry.startsWith(`${userStorageKey}=`), entry).toBe(true)
    expect([...storage.data.keys()]).toEqual([userStorageKey])
    expect(storage.data.has(legacyTokenStorageKey)).toBe(false)
    expect(JSON.stringify(store.getSnapshot())).not.toMatch(/token/i)
  })

  it('removes a token older versions stored, and keeps their still-fresh profile', () => {
    const storage = stored(t0, { [legacyTokenStorageKey]: 'eyJhbGciOiJIUzI1NiJ9.old.token' })
    const store = createSessionStore({ storage, now: () => t0 + 1000 })
    expect(storage.data.has(legacyTokenStorageKey)).toBe(false)
    expect(store.getSnapshot()).toEqual({ user, signedInAt: t0 })
    expect(store.droppedAtStart).toBe(false)
  })

  it('removes a stale record when it starts, and says so (its cookie must be ended too)', () => {
    const storage = stored(t0)
    const store = createSessionStore({ storage, now: () => t0 + sessionRestoreMaxAgeMs + 1 })
    expect(storage.data.size).toBe(0)
    expect(store.droppedAtStart).toBe(true)
    expect(createSessionStore({ storage: memoryStorage(), now: () => t0 }).droppedAtStart).toBe(false)
  })

  it('follows changes made by another tab on reload', () => {
    const storage = memoryStorage()
    const store = createSessionStore({ storage, now: () => t0 })
    let notified = 0
    store.subscribe(() => notified++)
    storage.setItem(userStorageKey, JSON.stringify({ user, savedAt: t0 }))
    store.reload()
    store.reload()
    expect(store.getSnapshot().user).toEqual(user)
    expect(notified).toBe(1)
    storage.removeItem(userStorageKey)
    store.reload()
    expect(store.getSnapshot()).toEqual(signedOut)
  })
})

describe('updateUser', () => {
  it("replaces the user but keeps the login's time, so the 24-hour window does not restart", () => {
    const storage = stored(t0)
    const store = createSessionStore({ storage, now: () => t0 + 5000 })
    let notified = 0
    store.subscribe(() => notified++)
    const promoted = { ...user, name: 'Ana B', role: 'PREMIUM' }

    store.updateUser(promoted)
    expect(store.getSnapshot()).toEqual({ user: promoted, signedInAt: t0 })
    expect(JSON.parse(storage.data.get(userStorageKey) ?? '')).toEqual({ user: promoted, savedAt: t0 })
    store.updateUser({ ...promoted })
    expect(notified).toBe(1)
  })

  it('does nothing when signed out', () => {
    const storage = memoryStorage()
    const store = createSessionStore({ storage, now: () => t0 })
    store.updateUser(user)
    expect(store.getSnapshot()).toEqual(signedOut)
    expect(storage.data.size).toBe(0)
  })
})
