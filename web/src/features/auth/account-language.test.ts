import { describe, expect, it, vi } from 'vitest'
import { syncAccountLanguage } from './account-language.js'
import { createSessionStore, type SessionUser } from './session-store.js'

function memoryStorage() {
  const data = new Map<string, string>()
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  }
}

const ana: SessionUser = { id: 'u1', email: 'ana@example.com', role: 'FREE', language: 'en' }

describe('syncAccountLanguage', () => {
  it('stores the interface language when the account has another one, and keeps the answer', async () => {
    const store = createSessionStore({ storage: memoryStorage() })
    store.signIn(ana)
    const setLanguage = vi.fn(async (language: 'en' | 'es') => ({ ...ana, language }))
    await syncAccountLanguage({ store, setLanguage }, 'es')
    expect(setLanguage).toHaveBeenCalledWith('es')
    expect(store.getSnapshot().user?.language).toBe('es')
    await syncAccountLanguage({ store, setLanguage }, 'es')
    expect(setLanguage).toHaveBeenCalledTimes(1)
  })

  it('does nothing signed out, and keeps the session when the server cannot be reached', async () => {
    const store = createSessionStore({ storage: memoryStorage() })
    const setLanguage = vi.fn(async () => {
      throw new Error('offline')
    })
    await syncAccountLanguage({ store, setLanguage }, 'es')
    expect(setLanguage).not.toHaveBeenCalled()
    store.signIn(ana)
    await syncAccountLanguage({ store, setLanguage }, 'es')
    expect(store.getSnapshot().user).toEqual(ana)
  })

  it('drops the answer when the user signed out meanwhile', async () => {
    const store = createSessionStore({ storage: memoryStorage() })
    store.signIn(ana)
    await syncAccountLanguage(
      {
        store,
        setLanguage: async (language) => {
          store.signOut()
          return { ...ana, language }
        },
      },
      'es',
    )
    expect(store.getSnapshot().user).toBeNull()
  })
})
