import path from 'node:path'
import { eq } from 'drizzle-orm'
import { generate } from 'otplib'
import { expect, it } from 'vitest'
import { recoveryCodes, rememberedDevices, totpFactors } from '../../../db/schema/index.js'
import { readOutbox } from '../../../testing/mail-reader.js'
import { forEachStack, type TestApp } from '../../../testing/test-app.js'
import { authStacks, bearer, createTestClock, postJson, registerAccount, uniqueIp } from '../testing/auth-test-kit.js'

// Issue 23 item 2 over real HTTP: TOTP enrolment, sign-in with a code or a recovery code, codes
// used once, remembered browsers, turning it off, and what the database keeps.

const clock = createTestClock()
const perAccount = 4

/** The code an authenticator app shows now (by the server's clock), `steps` steps later. */
const codeFor = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + steps * 30 })

/** A registered account with 2FA on: its token, password, secret and recovery codes. */
async function accountWith2fa(app: TestApp) {
  const account = await registerAccount(app.api)
  const auth = bearer(account.access_token)
  const enrolled = await postJson(app.api, '/api/account/totp', undefined, auth)
  expect(enrolled.status).toBe(200)
  const { secret, otpauth_url } = (await enrolled.json()) as { secret: string; otpauth_url: string }
  const confirmed = await postJson(app.api, '/api/account/totp/confirm', { code: await codeFor(secret) }, auth)
  expect(confirmed.status, await confirmed.clone().text()).toBe(200)
  const { recovery_codes } = (await confirmed.json()) as { recovery_codes: string[] }
  // The confirming code's step is used: sign-ins start from the next one.
  clock.advance(30_000)
  return { ...account, auth, secret, otpauth_url, recoveryCodes: recovery_codes }
}

await forEachStack(
  (getApp) => {
    const api = (pathname: string, init?: RequestInit) => getApp().api(pathname, init)
    const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      postJson(api, '/auth/login', body, { 'x-forwarded-for': uniqueIp(), ...headers })
    const mailsTo = async (email: string) =>
      (await readOutbox(path.join(getApp().dataDir, 'mail'))).filter((mail) => mail.to.includes(email))

    it('answers 401 before looking at the body when nobody is signed in', async () => {
      expect((await postJson(api, '/api/account/totp/confirm', { code: 'nope' })).status).toBe(401)
      expect((await postJson(api, '/api/account/totp')).status).toBe(401)
      expect((await api('/api/account/devices')).status).toBe(401)
    })

    it('enrols with a secret and its otpauth URL, and turns on only with a right code', async () => {
      const account = await registerAccount(api)
      const auth = bearer(account.access_token)
      const { secret, otpauth_url } = await (await postJson(api, '/api/account/totp', undefined, auth)).json()
      expect(secret).toMatch(/^[A-Z2-7]{32}$/)
      expect(otpauth_url).toContain(`otpauth://totp/Ferry:${encodeURIComponent(account.user.email)}?`)
      expect(otpauth_url).toContain(`secret=${secret}`)
      // Pending: a password alone still signs in.
      expect((await login({ email: account.user.email, password: account.password })).status).toBe(200)

      const wrong = await postJson(api, '/api/account/totp/confirm', { code: '000000' }, auth)
      expect(wrong.status).toBe(400)
      expect((await wrong.json()).code).toBe('totp_code_invalid')
      const malformed = await postJson(api, '/api/account/totp/confirm', { code: '12ab' }, auth)
      expect(malformed.status).toBe(400)

      const right = await postJson(api, '/api/account/totp/confirm', { code: await codeFor(secret) }, auth)
      expect(right.status).toBe(200)
      const { recovery_codes } = await right.json()
      expect(recovery_codes).toHaveLength(10)
      expect(new Set(recovery_codes).size).toBe(10)
      const status = await (await api('/api/account/totp', { headers: auth })).json()
      expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10 })
      // A second enrolment while on is refused; the secret stays.
      expect((await postJson(api, '/api/account/totp', undefined, auth)).status).toBe(409)
    })

    it('asks for the second factor, signs in with a code, and refuses the same code twice', async () => {
      const account = await accountWith2fa(getApp())
      const email = account.user.email
      const onlyPassword = await login({ email, password: account.password })
      expect(onlyPassword.status).toBe(401)
      expect((await onlyPassword.json()).code).toBe('second_factor_required')
      // A wrong password says nothing about the second factor.
      expect((await (await login({ email, password: 'wrong-password' })).json()).code).toBe('invalid_credentials')

      const code = await codeFor(account.secret)
      const wrong = await login({
        email,
        password: account.password,
        totp_code: code === '123456' ? '654321' : '123456',
      })
      expect(wrong.status).toBe(401)
      expect((await wrong.json()).code).toBe('second_factor_invalid')

      const first = await login({ email, password: account.password, totp_code: code })
      expect(first.status, await first.clone().text()).toBe(200)
      expect((await first.json()).user.email).toBe(email)
      const replay = await login({ email, password: account.password, totp_code: code })
      expect(replay.status).toBe(401)
      expect((await replay.json()).code).toBe('second_factor_invalid')

      clock.advance(30_000)
      const next = await login({ email, password: account.password, totp_code: await codeFor(account.secret) })
      expect(next.status).toBe(200)
    })

    it('lets exactly one of two sign-ins racing with the same code in', async () => {
      const account = await accountWith2fa(getApp())
      const code = await codeFor(account.secret)
      const body = { email: account.user.email, password: account.password, totp_code: code }
      const statuses = (await Promise.all([login(body), login(body)])).map((res) => res.status).sort()
      expect(statuses).toEqual([200, 401])
    })

    it('signs in with a recovery code once, and tells the owner', async () => {
      const account = await accountWith2fa(getApp())
      const email = account.user.email
      const [code] = account.recoveryCodes
      // Typed loosely: upper case, spaces.
      const typed = ` ${code!.toUpperCase().replace('-', ' - ')} `
      expect((await login({ email, password: account.password, recovery_code: typed })).status).toBe(200)
      const again = await login({ email, password: account.password, recovery_code: code })
      expect(again.status).toBe(401)
      expect((await again.json()).code).toBe('second_factor_invalid')
      const notice = (await mailsTo(email)).find((mail) => mail.subject.includes('recovery code was used'))
      expect(notice?.text).toContain('9 of your codes are left')
      expect((await (await api('/api/account/totp', { headers: account.auth })).json()).recovery_codes_left).toBe(9)
    })

    it('keeps only a sealed secret and hashes in the database', async () => {
      const account = await accountWith2fa(getApp())
      const { db } = getApp().deps.database
      const [factor] = await db.select().from(totpFactors).where(eq(totpFactors.userId, account.user.id))
      expect(factor?.secretSealed).toMatch(/^v1\./)
      expect(factor?.secretSealed).not.toContain(account.secret)
      const rows = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, account.user.id))
      expect(rows).toHaveLength(10)
      const stored = JSON.stringify(rows)
      for (const code of account.recoveryCodes) {
        expect(stored).not.toContain(code)
        expect(stored).not.toContain(code.replace('-', ''))
      }
      expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.codeHash))).toBe(true)
    })

    it('remembers a browser for 30 days when asked, until it is forgotten', async () => {
      const account = await accountWith2fa(getApp())
      const email = account.user.email
      const first = await login({
        email,
        password: account.password,
        totp_code: await codeFor(account.secret),
        remember_device: true,
      })
      expect(first.status).toBe(200)
      const setCookie = first.headers.getSetCookie().find((line) => line.startsWith('ferry_device='))
      expect(setCookie).toMatch(/HttpOnly/i)
      const deviceToken = /^ferry_device=([^;]+)/.exec(setCookie ?? '')?.[1] ?? ''
      const cookie = { cookie: `ferry_device=${deviceToken}` }
      const { db } = getApp().deps.database
      const stored = await db.select().from(rememberedDevices).where(eq(rememberedDevices.userId, account.user.id))
      expect(stored).toHaveLength(1)
      expect(stored[0]?.tokenHash).not.toBe(deviceToken)

      // The remembered browser skips the second step; another browser does not.
      expect((await login({ email, password: account.password }, cookie)).status).toBe(200)
      expect((await login({ email, password: account.password })).status).toBe(401)

      const listed = await (await api('/api/account/devices', { headers: { ...account.auth, ...cookie } })).json()
      expect(listed.devices).toHaveLength(1)
      expect(listed.devices[0]).toMatchObject({ current: true })
      const forgot = await api(`/api/account/devices/${listed.devices[0].id}`, {
        method: 'DELETE',
        headers: account.auth,
      })
      expect(forgot.status).toBe(204)
      expect((await login({ email, password: account.password }, cookie)).status).toBe(401)
      const unknown = await api(`/api/account/devices/${listed.devices[0].id}`, {
        method: 'DELETE',
        headers: account.auth,
      })
      expect(unknown.status).toBe(404)
      expect((await unknown.json()).code).toBe('remembered_device_not_found')
    })

    it('turns off with the password or a current code, and tells the owner', async () => {
      const account = await accountWith2fa(getApp())
      const email = account.user.email
      const off = (body: unknown) =>
        api('/api/account/totp', {
          method: 'DELETE',
          headers: { ...account.auth, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      const wrong = await off({ password: 'not-it' })
      expect(wrong.status).toBe(400)
      expect((await wrong.json()).code).toBe('two_factor_proof_invalid')
      expect((await off({})).status).toBe(400)
      expect((await off({ code: await codeFor(account.secret) })).status).toBe(204)
      expect((await login({ email, password: account.password })).status).toBe(200)
      expect((await mailsTo(email)).some((mail) => mail.subject.includes('turned off'))).toBe(true)
      expect((await off({ password: account.password })).status).toBe(409)
    })

    it('makes new recovery codes after proof; the old ones stop working', async () => {
      const account = await accountWith2fa(getApp())
      const fresh = await postJson(
        api,
        '/api/account/totp/recovery-codes',
        { password: account.password },
        account.auth,
      )
      expect(fresh.status).toBe(200)
      const { recovery_codes } = await fresh.json()
      expect(recovery_codes).toHaveLength(10)
      const email = account.user.email
      const old = await login({ email, password: account.password, recovery_code: account.recoveryCodes[0] })
      expect(old.status).toBe(401)
      expect((await login({ email, password: account.password, recovery_code: recovery_codes[0] })).status).toBe(200)
    })

    it('counts wrong codes in the sign-in limiter, before any code is checked', async () => {
      const account = await accountWith2fa(getApp())
      const ip = uniqueIp()
      const body = { email: account.user.email, password: account.password, totp_code: '000000' }
      for (let i = 0; i < perAccount; i++) {
        expect((await login(body, { 'x-forwarded-for': ip })).status).toBe(401)
      }
      // The right code from the same address is refused now, unchecked.
      const right = { ...body, totp_code: await codeFor(account.secret) }
      expect((await login(right, { 'x-forwarded-for': ip })).status).toBe(429)
    })
  },
  authStacks({ clock, env: { AUTH_RATE_LIMIT_PER_ACCOUNT: String(perAccount) } }),
)
