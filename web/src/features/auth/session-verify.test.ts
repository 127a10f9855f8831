import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-error.js'
import { createSessionStore, type SessionUser } from './session-store.js'
import { verifyStoredSession } from './session-verify.js'

const user: SessionUser = { id: 'u1', email: 'ana@example.com', name: 'Ana', role: 'FREE', picture: null }
const token = 'token-0123456789'

function signedInStore() {
  const data = new Map<string, string>()
  const store = createSessionStore({
    storage: {
      getItem: (key) => data.get(key) ?? null,
      setItem: (key, value) => void data.set(key, value),
      removeItem: (key) => void data.delete(key),
    },
  })
  store.signIn(token, user)
  return { store, data }
}

describe('verifyStoredSession', () => {
  it('does not call the server without a stored token', async () => {
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
    const sent: string[] = []
    const outcome = await verifyStoredSession({
      store,
      verify: async (t) => {
        sent.push(t)
        return { valid: true, user: { ...user, role: 'PREMIUM' } }
      },
    })
    expect(outcome).toBe('valid')
    expect(sent).toEqual([token])
    expect(store.getSnapshot()).toEqual({ token, user: { ...user, role: 'PREMIUM' } })
  })

  it('signs out when the server says the token is invalid or answers 401', async () => {
    const first = signedInStore()
    expect(await verifyStoredSession({ store: first.store, verify: async () => ({ valid: false }) })).toBe('invalid')
    expect(first.store.getSnapshot()).toEqual({ token: null, user: null })
    expect(first.data.size).toBe(0)

    const second = signedInStore()
    const rejected = async () => Promise.reject(new ApiError(401, 'Not authenticated', 'unauthorized'))
    expect(await verifyStoredSession({ store: second.store, verify: rejected })).toBe('invalid')
    expect(second.store.getSnapshot().token).toBeNull()
  })

  it('keeps the session when the server cannot answer', async () => {
    for (const error of [
      new ApiError(0, 'offline', 'network_error'),
      new ApiError(503, 'busy'),
      new Error('bad json'),
    ]) {
      const { store } = signedInStore()
      expect(await verifyStoredSession({ store, verify: () => Promise.reject(error) })).toBe('unknown')
      expect(store.getSnapshot().token).toBe(token)
    }
  })

  it('ignores the answer when the user signed in again meanwhile', async () => {
    const { store } = signedInStore()
    const outcome = await verifyStoredSession({
      store,
      verify: async () => {
        store.signIn('another-token-0123', user)
        return { valid: false }
      },
    })
    expect(outcome).toBe('unknown')
    expect(store.getSnapshot().token).toBe('another-token-0123')
  })
})
