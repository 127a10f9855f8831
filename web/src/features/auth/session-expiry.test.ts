import { describe, expect, it } from 'vitest'
import { expireSession } from './session-expiry.js'

function fakes() {
  const events: string[] = []
  return {
    events,
    store: { signOut: () => void events.push('signOut') },
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
})
