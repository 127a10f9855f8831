import path from 'node:path'
import type { LoginResponse } from '@ferry/contracts/api/auth'
import { afterEach, describe, expect, it } from 'vitest'
import { readOutbox } from '../../testing/mail-reader.js'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { authStacks, bearer, createTestClock, postJson, uniqueEmail, uniqueIp } from '../auth/testing/auth-test-kit.js'

// product.md §23: "Forgot password?" emails a single-use, expiring link; the answer never
// says whether the address has an account; every session opened before the reset ends.

const clock = createTestClock()
afterEach(() => clock.reset())

const newPassword = 'a brand new passphrase'

/** The reset emails sent to `email` so far. */
const resetMails = async (app: TestApp, email: string) =>
  (await readOutbox(path.join(app.dataDir, 'mail'))).filter(
    (mail) => mail.to.includes(email) && mail.links.some((l) => l.includes('/reset-password#token=')),
  )

/** The token of the newest reset email to `email`, waiting for it (it is sent after the 202). */
async function resetToken(app: TestApp, email: string, count = 1): Promise<string> {
  await expect.poll(async () => (await resetMails(app, email)).length, { timeout: 10_000 }).toBe(count)
  const link = (await resetMails(app, email)).at(-1)!.links.find((l) => l.includes('/reset-password#token='))!
  return decodeURIComponent(/#token=([^&\s]+)/.exec(link)![1]!)
}

await forEachStack(
  (getApp) => {
    const api = (pathname: string, init?: RequestInit) => getApp().api(pathname, init)
    const forgot = (email: string, ip = uniqueIp()) =>
      postJson(api, '/auth/forgot-password', { email }, { 'x-forwarded-for': ip })
    const reset = (token: string, password = newPassword, ip = uniqueIp()) =>
      postJson(api, '/auth/reset-password', { token, password }, { 'x-forwarded-for': ip })
    const login = (email: string, password: string) =>
      postJson(api, '/auth/login', { email, password }, { 'x-forwarded-for': uniqueIp() })
    const probe = (token: string) => api('/api/probe/user', { headers: bearer(token) })
    // Each from an address of its own: this stack allows only 5 attempts per address.
    const registerAccount = async (account: { name?: string; language?: string } = {}) => {
      const password = 'correct horse battery'
      const res = await postJson(
        api,
        '/auth/register',
        { email: uniqueEmail(), password, name: account.name ?? 'Test User', language: account.language },
        { 'x-forwarded-for': uniqueIp() },
      )
      expect(res.status).toBe(201)
      return { ...((await res.json()) as LoginResponse), password }
    }

    it('answers 202 with the same empty body whether or not the address has an account', async () => {
      const account = await registerAccount()
      const unknown = uniqueEmail('nobody')
      const known = await forgot(account.user.email.toUpperCase())
      const missing = await forgot(unknown)
      expect(known.status).toBe(202)
      expect(missing.status).toBe(202)
      expect(await known.text()).toBe(await missing.text())
      expect([...known.headers.keys()].sort()).toEqual([...missing.headers.keys()].sort())

      // Only the account gets an email: its link carries the token in the fragment.
      const token = await resetToken(getApp(), account.user.email)
      const mail = (await resetMails(getApp(), account.user.email))[0]!
      expect(mail.subject).toBe('Reset your Ferry password')
      expect(mail.links).toContain(`${getApp().deps.config.publicUrl}/reset-password#token=${token}`)
      expect(await resetMails(getApp(), unknown)).toEqual([])
      // Only the token's hash is stored.
      const stored = JSON.stringify(await getApp().deps.database.db.execute('select * from account_tokens' as never))
      expect(stored).not.toContain(token)
    })

    it('resets once: 204, the new password works, the old one and every earlier session do not', async () => {
      const account = await registerAccount()
      const laptop = (await (await login(account.user.email, account.password)).json()) as { access_token: string }
      expect((await probe(account.access_token)).status).toBe(200)

      expect((await forgot(account.user.email)).status).toBe(202)
      const token = await resetToken(getApp(), account.user.email)
      const res = await reset(token)
      expect(res.status).toBe(204)
      expect(await res.text()).toBe('')

      for (const session of [account.access_token, laptop.access_token]) {
        const ended = await probe(session)
        expect(ended.status).toBe(401)
        expect(await ended.json()).toEqual({ detail: 'Not authenticated', code: 'unauthorized' })
      }
      expect((await login(account.user.email, account.password)).status).toBe(401)
      const fresh = await login(account.user.email, newPassword)
      expect(fresh.status).toBe(200)
      expect((await probe(((await fresh.json()) as { access_token: string }).access_token)).status).toBe(200)

      // The link works once.
      const again = await reset(token, 'yet another passphrase')
      expect(again.status).toBe(400)
      expect(await again.json()).toMatchObject({ code: 'password_reset_invalid' })
      expect((await login(account.user.email, newPassword)).status).toBe(200)

      // The owner is told, in the account's language.
      const notices = (await readOutbox(path.join(getApp().dataDir, 'mail'))).filter(
        (m) => m.to.includes(account.user.email) && m.subject === 'Your Ferry password was changed',
      )
      expect(notices).toHaveLength(1)
    })

    it('refuses an expired link, an unknown token and a replaced link with a clear 400', async () => {
      const account = await registerAccount()
      await forgot(account.user.email)
      const first = await resetToken(getApp(), account.user.email)
      await forgot(account.user.email)
      const second = await resetToken(getApp(), account.user.email, 2)
      expect(second).not.toBe(first)
      // Asking again replaces the earlier link.
      expect(await (await reset(first)).json()).toMatchObject({
        code: 'password_reset_invalid',
        detail: 'This password reset link is invalid, has expired or has already been used. Please ask for a new one.',
      })
      expect((await reset('not-a-token')).status).toBe(400)

      clock.advance(60 * 60_000 + 1000)
      const expired = await reset(second)
      expect(expired.status).toBe(400)
      expect(await expired.json()).toMatchObject({ code: 'password_reset_invalid' })
      expect((await login(account.user.email, account.password)).status).toBe(200)
    })

    it('keeps the link usable when the new password is refused, and validates the body', async () => {
      const account = await registerAccount({ name: 'Pat Example' })
      await forgot(account.user.email)
      const token = await resetToken(getApp(), account.user.email)
      const common = await reset(token, 'password123')
      expect(common.status).toBe(400)
      expect(await common.json()).toMatchObject({ code: 'password_common' })
      const short = await reset(token, 'short')
      expect(short.status).toBe(400)
      expect(await short.json()).toMatchObject({ code: 'validation_failed' })
      expect((await postJson(api, '/auth/forgot-password', { email: 'not an email' })).status).toBe(400)
      expect((await reset(token)).status).toBe(204)
    })

    it('writes the email in the language of the account', async () => {
      const { email } = (await registerAccount({ name: 'Eva', language: 'es' })).user
      await forgot(email)
      await resetToken(getApp(), email)
      const [mail] = await resetMails(getApp(), email)
      expect(mail!.subject).toBe('Restablece tu contraseña de Ferry')
      expect(mail!.text).toContain('Elegir una contraseña nueva')
    })

    describe('rate limits (counted before any lookup, the same for unknown addresses)', () => {
      it('allows 3 reset emails per address and hour, then 429 with Retry-After', async () => {
        for (const email of [(await registerAccount()).user.email, uniqueEmail('ghost')]) {
          for (let i = 0; i < 3; i++) expect((await forgot(email)).status).toBe(202)
          const refused = await forgot(email)
          expect(refused.status).toBe(429)
          expect(await refused.json()).toMatchObject({ code: 'rate_limited' })
          expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
        }
      })

      it('limits reset attempts per client address before the token is looked up', async () => {
        const ip = uniqueIp()
        for (let i = 0; i < 5; i++) expect((await reset(`guess-${i}`, newPassword, ip)).status).toBe(400)
        const refused = await reset('guess-6', newPassword, ip)
        expect(refused.status).toBe(429)
        expect(await refused.json()).toMatchObject({ code: 'rate_limited' })
        // Another address is not affected.
        expect((await reset('guess-7')).status).toBe(400)
      })
    })
  },
  authStacks({ clock, env: { AUTH_RATE_LIMIT_PER_IP: '5' } }),
)
