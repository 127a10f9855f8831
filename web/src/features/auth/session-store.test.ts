import { describe, expect, it } from 'vitest'
import {
  createSessionStore,
  isAdminRole,
  isUsableToken,
  readStoredSession,
  sessionRestoreMaxAgeMs,
  tokenStorageKey,
  userStorageKey,
} from './session-store.js'

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  }
}

const user = { id: 'u1', email: 'ana@example.com', name: 'Ana', role: 'FREE' }
const token = 'abcdefghijk' // 11 characters
const t0 = 1_700_000_000_000

function stored(savedAt: number, overrides: Record<string, string> = {}) {
  return memoryStorage({
    [tokenStorageKey]: token,
    [userStorageKey]: JSON.stringify({ user, savedAt }),
    ...overrides,
  })
}

describe('readStoredSession', () => {
  it('restores a session saved under 24 hours ago', () => {
    expect(readStoredSession(stored(t0), t0 + sessionRestoreMaxAgeMs - 1)).toEqual({ token, user })
  })

  it('does not restore a session 24 hours old or older', () => {
    expect(readStoredSession(stored(t0), t0 + sessionRestoreMaxAgeMs)).toEqual({ token: null, user: null })
  })

  it('needs a token longer than 10 characters', () => {
    expect(readStoredSession(stored(t0, { [tokenStorageKey]: 'abcdefghij' }), t0).token).toBeNull()
  })

  it('rejects unreadable, shapeless or future-dated user records', () => {
    expect(readStoredSession(stored(t0, { [userStorageKey]: '{not json' }), t0).user).toBeNull()
    expect(readStoredSession(stored(t0, { [userStorageKey]: '{"user":{"id":"u1"},"savedAt":1}' }), t0).user).toBeNull()
    expect(readStoredSession(stored(t0 + 60_000), t0).user).toBeNull()
  })
})

describe('isUsableToken / isAdminRole', () => {
  it('counts a token as present only above 10 characters', () => {
    expect(isUsableToken('12345678901')).toBe(true)
    expect(isUsableToken('1234567890')).toBe(false)
    expect(isUsableToken(null)).toBe(false)
  })

  it('compares the role to ADMIN case-insensitively', () => {
    expect(isAdminRole('admin')).toBe(true)
    expect(isAdminRole('Admin')).toBe(true)
    expect(isAdminRole('PREMIUM')).toBe(false)
    expect(isAdminRole(undefined)).toBe(false)
  })
})

describe('createSessionStore', () => {
  it('signs in, notifies, persists with a timestamp, and signs out clearing storage', () => {
    const storage = memoryStorage()
    let now = t0
    const store = createSessionStore({ storage, now: () => now })
    let notified = 0
    store.subscribe(() => notified++)

    store.signIn(token, user)
    expect(store.getSnapshot()).toEqual({ token, user })
    expect(storage.data.get(tokenStorageKey)).toBe(token)
    expect(JSON.parse(storage.data.get(userStorageKey) ?? '')).toEqual({ user, savedAt: t0 })
    now += 1000
    expect(createSessionStore({ storage, now: () => now }).getSnapshot().user).toEqual(user)

    store.signOut()
    expect(store.getSnapshot()).toEqual({ token: null, user: null })
    expect(storage.data.size).toBe(0)
    expect(notified).toBe(2)
  })

  it('removes a stale record when it starts', () => {
    const storage = stored(t0)
    createSessionStore({ storage, now: () => t0 + sessionRestoreMaxAgeMs + 1 })
    expect(storage.data.size).toBe(0)
  })

  it('follows changes made by another tab on reload', () => {
    const storage = memoryStorage()
    const store = createSessionStore({ storage, now: () => t0 })
    let notified = 0
    store.subscribe(() => notified++)
    storage.setItem(tokenStorageKey, token)
    storage.setItem(userStorageKey, JSON.stringify({ user, savedAt: t0 }))
    store.reload()
    store.reload()
    expect(store.getSnapshot().user).toEqual(user)
    expect(notified).toBe(1)
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
    expect(store.getSnapshot()).toEqual({ token, user: promoted })
    expect(JSON.parse(storage.data.get(userStorageKey) ?? '')).toEqual({ user: promoted, savedAt: t0 })
    store.updateUser({ ...promoted })
    expect(notified).toBe(1)
  })

  it('does nothing when signed out', () => {
    const storage = memoryStorage()
    const store = createSessionStore({ storage, now: () => t0 })
    store.updateUser(user)
    expect(store.getSnapshot()).toEqual({ token: null, user: null })
    expect(storage.data.size).toBe(0)
  })
})
