import { expect, it } from 'vitest'
import { forEachStack } from '../../../testing/test-app.js'
import { authStacks, bearer, createTestClock, postJson, registerAccount, uniqueIp } from '../testing/auth-test-kit.js'

// Active sessions (issue 23 item 4, decision 0028) over real HTTP: the list, signing one out,
// signing out everywhere else, and "log out of all devices" (the epoch) still ending them all.

const clock = createTestClock()
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

type Sessions = {
  sessions: { id: string; label: string; device: string; created_at: string; last_seen_at: string; current: boolean }[]
}

await forEachStack((getApp) => {
  const api = (pathname: string, init?: RequestInit) => getApp().api(pathname, init)
  const login = async (email: string, password: string, userAgent: string) => {
    const response = await postJson(
      api,
      '/auth/login',
      { email, password },
      { 'x-forwarded-for': uniqueIp(), 'user-agent': userAgent },
    )
    expect(response.status).toBe(200)
    return bearer(((await response.json()) as { access_token: string }).access_token)
  }
  const list = async (auth: Record<string, string>) => {
    const response = await api('/api/account/sessions', { headers: auth })
    expect(response.status).toBe(200)
    return (await response.json()) as Sessions
  }
  const works = async (auth: Record<string, string>) => (await api('/api/probe/user', { headers: auth })).status

  /** An account signed in on a laptop and a phone (besides its sign-up session). */
  async function signedInTwice() {
    const account = await registerAccount(api)
    const laptop = await login(account.user.email, account.password, firefox)
    const phone = await login(account.user.email, account.password, iphone)
    return { account, laptop, phone, signup: bearer(account.access_token) }
  }

  it('answers 401 before anything else', async () => {
    expect((await api('/api/account/sessions')).status).toBe(401)
    expect((await api('/api/account/sessions', { method: 'DELETE' })).status).toBe(401)
  })

  it('lists where the account is signed in, marking the session asking', async () => {
    const { laptop } = await signedInTwice()
    const { sessions } = await list(laptop)
    expect(sessions).toHaveLength(3)
    const current = sessions.filter((s) => s.current)
    expect(current).toHaveLength(1)
    expect(current[0]).toMatchObject({ label: 'Firefox on Linux', device: 'desktop' })
    expect(sessions.find((s) => s.label === 'Safari on iOS')).toMatchObject({ device: 'mobile', current: false })
  })

  it('signs one session out: its token stops working at once, the others go on', async () => {
    const { account, laptop, phone } = await signedInTwice()
    const phoneSession = (await list(phone)).sessions.find((s) => s.current)!
    const remove = (id: string, auth = laptop) =>
      api(`/api/account/sessions/${id}`, { method: 'DELETE', headers: auth })
    // Someone else cannot end it.
    const stranger = await registerAccount(api)
    expect((await remove(phoneSession.id, bearer(stranger.access_token))).status).toBe(404)
    expect(await works(phone)).toBe(200)

    expect((await remove(phoneSession.id)).status).toBe(204)
    expect(await works(phone)).toBe(401)
    expect(await works(laptop)).toBe(200)
    expect((await remove(phoneSession.id)).status).toBe(404)
    expect((await list(laptop)).sessions.map((s) => s.id)).not.toContain(phoneSession.id)
    // Ending the session asking signs it out, cookie included.
    const laptopSession = (await list(laptop)).sessions.find((s) => s.current)!
    const own = await remove(laptopSession.id)
    expect(own.status).toBe(204)
    expect(own.headers.get('set-cookie')).toContain('ferry_token=;')
    expect(await works(laptop)).toBe(401)
    void account
  })

  it('signs out everywhere else, keeping the session asking', async () => {
    const { laptop, phone, signup } = await signedInTwice()
    const ended = await api('/api/account/sessions', { method: 'DELETE', headers: laptop })
    expect(ended.status).toBe(200)
    expect(await ended.json()).toEqual({ signed_out: 2 })
    expect([await works(laptop), await works(phone), await works(signup)]).toEqual([200, 401, 401])
    expect((await list(laptop)).sessions).toHaveLength(1)
  })

  it('still ends every session with "log out of all devices" (the epoch)', async () => {
    const { account, laptop, phone } = await signedInTwice()
    expect((await postJson(api, '/auth/logout-all', undefined, laptop)).status).toBe(200)
    expect([await works(laptop), await works(phone)]).toEqual([401, 401])
    const again = await login(account.user.email, account.password, firefox)
    expect((await list(again)).sessions).toHaveLength(1)
  })

  it('moves last seen on at most every five minutes', async () => {
    const { laptop } = await signedInTwice()
    const seen = async () => (await list(laptop)).sessions.find((s) => s.current)!.last_seen_at
    const first = await seen()
    clock.advance(60_000)
    expect(await seen()).toBe(first)
    clock.advance(5 * 60_000)
    expect(await works(laptop)).toBe(200)
    expect(new Date(await seen()).getTime()).toBeGreaterThan(new Date(first).getTime())
  })

  it('ends the session of a logout, on every instance', async () => {
    const { laptop, phone } = await signedInTwice()
    expect((await postJson(api, '/auth/logout', undefined, laptop)).status).toBe(200)
    expect([await works(laptop), await works(phone)]).toEqual([401, 200])
  })
}, authStacks({ clock }))
