import { describe, expect, it, vi } from 'vitest'
import type { SessionUser } from './session-store.js'
import { adoptSsoSession, noteSsoStart, takeSsoReturn } from './sso-return.js'

const memory = () => {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

const user = { id: 'u1', email: 'ana@acme.example', name: 'Ana', role: 'user', picture: null } as SessionUser

describe('single sign-on return', () => {
  it('is taken once, and only soon after the start', () => {
    const storage = memory()
    expect(takeSsoReturn(storage, 1000)).toBe(false)
    noteSsoStart(storage, 1000)
    expect(takeSsoReturn(storage, 5000)).toBe(true)
    expect(takeSsoReturn(storage, 5000)).toBe(false)
    noteSsoStart(storage, 1000)
    expect(takeSsoReturn(storage, 1000 + 16 * 60 * 1000)).toBe(false)
  })

  it('signs the page in with the user the cookie belongs to', async () => {
    const signIn = vi.fn()
    const store = { getSnapshot: () => ({ user: null, signedInAt: null }), signIn }
    expect(await adoptSsoSession({ store, verify: async () => ({ valid: true, user }) })).toBe(true)
    expect(signIn).toHaveBeenCalledWith(user)
  })

  it('leaves the page signed out when the server refuses or fails', async () => {
    const signIn = vi.fn()
    const store = { getSnapshot: () => ({ user: null, signedInAt: null }), signIn }
    expect(await adoptSsoSession({ store, verify: async () => ({ valid: false }) })).toBe(false)
    expect(await adoptSsoSession({ store, verify: () => Promise.reject(new Error('offline')) })).toBe(false)
    expect(signIn).not.toHaveBeenCalled()
  })
})
