import { describe, expect, it } from 'vitest'
import { expireSession } from './session-expiry.js'
import type { SessionState } from './session-store.js'

const signedIn = { user: { id: 'u1' }, signedInAt: 1 } as unknown as SessionState

function fakes(state: SessionState = signedIn) {
  const events: string[] = []
  return {
    events,
    store: { signOut: () => void events.push('signOut'), getSnapshot: () => state },
    navigate: (to: string) => void events.push(`navigate:${to}`),
  }
}

describe('expireSession', () => {
  it('clears the login, then goes to /login with the current page as next', () => {
    const { events, store, navigate } = fakes()
    expireSession(store, navigate, { pathname: '/transfers', search: '?sort=size' })
    expect(events).toEqual(['signOut', `navigate:/login?next=${encodeURIComponent('/transfers?sort=size')}`])
  })

  it('goes to plain /login from the home page, and stays put on /login', () => {
    const home = fakes()
    expireSession(home.store, home.navigate, { pathname: '/', search: '' })
    expect(home.events).toEqual(['signOut', 'navigate:/login'])

    const login = fakes()
    expireSession(login.store, login.navigate, { pathname: '/login', search: '?next=%2Fprofile' })
    expect(login.events).toEqual(['signOut'])
  })

  it('leaves a visitor alone: a 401 just after signing out has no session to end', () => {
    const visitor = fakes({ user: null, signedInAt: null })
    expireSession(visitor.store, visitor.navigate, { pathname: '/', search: '' })
    expect(visitor.events).toEqual([])
  })
})
