import type { LoginResponse } from '@ferry/contracts/api/auth'
import { describe, expect, it } from 'vitest'
import { createSessionStore, legacyTokenStorageKey } from './session-store.js'
import { rememberSignIn } from './sign-in.js'

const secret = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJlLXNlY3JldA'
const response: LoginResponse = {
  access_token: secret,
  token_type: 'bearer',
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ana@example.com',
    name: 'Ana',
    role: 'FREE',
    picture: null,
    created_at: '2026-11-25T10:00:00.000Z',
    language: 'en',
  },
}

describe('rememberSignIn', () => {
  it('never writes the token to storage, nor keeps it in the session state (security review M-4)', () => {
    const data = new Map<string, string>()
    const writes: string[] = []
    const storage = {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => {
        writes.push(`${key}=${value}`)
        data.set(key, value)
      },
      removeItem: (key: string) => void data.delete(key),
    }
    const store = createSessionStore({ storage })
    rememberSignIn(store, response)

    expect(store.getSnapshot().user).toEqual(response.user)
    expect(writes).not.toHaveLength(0)
    for (const write of writes) expect(write).not.toContain(secret)
    expect(data.has(legacyTokenStorageKey)).toBe(false)
    expect(JSON.stringify(store.getSnapshot())).not.toContain(secret)
  })
})
