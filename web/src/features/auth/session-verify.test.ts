import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-error.js'
import { createSessionStore, type SessionUser } from './session-store.js'
import { verifyStoredSession } from './session-verify.js'

const user: SessionUser = { id: 'u1', email: 'ana@example.com', name: 'Ana', role: 'FREE', picture: null }

function signedInStore(now = () => 1_700_000_000_000) {
  const data = new Map<string, string>()
  const store = createSessionStore({
    storage: {
      getItem: (key) => data.get(key) ?? null,
      setItem: (key, value) => void data.set(key, value),
      removeItem: (key) => void data.delete(key),
    },
    now,
  })
  store.signIn(user)
  return { store, data }
}

describe('verifyStoredSession', () => {
  it('does not call the server without a stored session', async () => {
    const { store } = signedInStore()
    store.signOut()
    let calls = 0
    const outcome = await verifyStoredSession({
      store,
      verify: async () => {
        calls++
        return { valid: true }
      },
    })
    expect(outcome).toBe('signed-out')
    expect(calls).toBe(0)
  })

  it('keeps a valid session and takes the confirmed user, with its new role', async () => {
    const { store } = signedInStore()
    let calls = 0
    const outcome = await verifyStoredSession({
      store,
      verify: async () => {
        calls++
        return { valid: true, user: { ...user, role: 'PREMIUM' } }
      },
    })
    expect(outcome).toBe('valid')
    expect(calls).toBe(1)
    expect(store.getSnapshot().user).toEqual({ ...user, role: 'PREMIUM' })
  })

  it('signs out when the server says the session is invalid or answers 401', async () => {
    const first = signedInStore()
    expect(await verifyStoredSession({ store: first.store, verify: async () => ({ valid: false }) })).toBe('invalid')
    expect(first.store.getSnapshot()).toEqual({ user: null, signedInAt: null })
    expect(first.data.size).toBe(0)

    const second = signedInStore()
    const rejected = async () => Promise.reject(new ApiError(401, 'Not authenticated', 'unauthorized'))
    expect(await verifyStoredSession({ store: second.store, verify: rejected })).toBe('invalid')
    expect(second.store.getSnapshot().user).toBeNull()
  })

  it('keeps the session when the server cannot answer', async () => {
    for (const error of [
      new ApiError(0, 'offline', 'network_error'),
      new ApiError(503, 'busy'),
      new Error('bad json'),
    ]) {
      const { store } = signedInStore()
      expect(await verifyStoredSession({ store, verify: () => Promise.reject(error) })).toBe('unknown')
      expect(store.getSnapshot().user).toEqual(user)
    }
  })

  it('ignores the answer when the user signed in again meanwhile', async () => {
    let now = 1_700_000_000_000
    const { store } = signedInStore(() => now)
    const other = { ...user, id: 'u2', email: 'bo@example.com' }
    const outcome = await verifyStoredSession({
      store,
      verify: async () => {
        now += 1000
        store.signIn(other)
        return { valid: false }
      },
    })
    expect(outcome).toBe('unknown')
    expect(store.getSnapshot().user).toEqual(other)
  })
})
