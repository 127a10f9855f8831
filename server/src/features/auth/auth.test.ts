import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { forEachStack } from '../../testing/test-app.js'
import {
  authCookieFrom,
  authStacks,
  bearer,
  createTestClock,
  postJson,
  registerAccount,
  uniqueEmail,
} from './testing/auth-test-kit.js'

const clock = createTestClock()
const jwtSecret = 'test-secret-for-signing-tokens-by-hand-0123456789'

await forEachStack(
  (getApp) => {
    const api = (pathname: string, init?: RequestInit) => getApp().api(pathname, init)

    describe('register, log in, verify, log out', () => {
      it('runs the whole session, and the token dies with logout', async () => {
        const email = uniqueEmail('flow')
        const reg = await postJson(api, '/auth/register', { email, password: 'password-123', name: '  Ann Example ' })
        expect(reg.status).toBe(201)
        const registered = await reg.json()
        expect(registered).toMatchObject({
          token_type: 'bearer',
          user: { email, name: 'Ann Example', role: 'FREE', picture: null },
        })
        expect(registered.user.id).toMatch(/^[0-9a-f-]{36}$/)
        expect(registered.access_token.split('.')).toHaveLength(3)

        const login = await postJson(api, '/auth/login', { email, password: 'password-123' })
        expect(login.status).toBe(200)
        const { access_token: token, user } = await login.json()
        expect(user).toEqual(registered.user)

        const verified = await postJson(api, '/auth/verify', { token })
        expect(await verified.json()).toEqual({ valid: true, user })

        const probe = await api('/api/probe/user', { headers: bearer(token) })
        expect(probe.status).toBe(200)
        expect(await probe.json()).toEqual({ id: user.id })

        const logout = await postJson(api, '/auth/logout', undefined, bearer(token))
        expect(logout.status).toBe(200)
        expect(logout.headers.getSetCookie().join()).toMatch(/ferry_token=;/)

        const after = await api('/api/probe/user', { headers: bearer(token) })
        expect(after.status).toBe(401)
        expect(await after.json()).toEqual({ detail: 'Not authenticated', code: 'unauthorized' })
        expect(await (await postJson(api, '/auth/verify', { token })).json()).toEqual({ valid: false })

        // The token from registration is a different one and still works.
        expect((await api('/api/probe/user', { headers: bearer(registered.access_token) })).status).toBe(200)
      })

      it('signs in with any case and whitespace of the email', async () => {
        const email = uniqueEmail('case')
        await registerAccount(api, { email, password: 'password-123' })
        const login = await postJson(api, '/auth/login', {
          email: `  ${email.toUpperCase()} `,
          password: 'password-123',
        })
        expect(login.status).toBe(200)
        expect((await login.json()).user.email).toBe(email)
      })

      it('stores passwords as argon2id hashes, never as given', async () => {
        const { user } = await registerAccount(api, { password: 'visible-password' })
        const { users } = await import('../../db/schema/index.js')
        const { eq } = await import('drizzle-orm')
        const [row] = await getApp().deps.database.db.select().from(users).where(eq(users.id, user.id))
        expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
        expect(row?.passwordHash).not.toContain('visible-password')
      })
    })

    describe('the auth cookie', () => {
      it('is httpOnly, Lax, Path=/, 30 days, and not Secure over plain http', async () => {
        const res = await postJson(api, '/auth/register', { email: uniqueEmail(), password: 'password-123', name: 'C' })
        const line = res.headers.getSetCookie().find((l) => l.startsWith('ferry_token='))!
        expect(line).toMatch(/HttpOnly/i)
        expect(line).toMatch(/SameSite=Lax/i)
        expect(line).toMatch(/Path=\//)
        expect(line).toMatch(/Max-Age=2592000/)
        expect(line).not.toMatch(/Secure/i)
        expect(authCookieFrom(res)).toBe((await res.json()).access_token)
      })

      it('is Secure when the request came over https through a proxy', async () => {
        const res = await postJson(
          api,
          '/auth/register',
          { email: uniqueEmail(), password: 'password-123', name: 'S' },
          { 'x-forwarded-proto': 'https' },
        )
        expect(res.headers.getSetCookie().find((l) => l.startsWith('ferry_token='))).toMatch(/; Secure/i)
      })

      it('authenticates reads, and writes only with X-Requested-With', async () => {
        const reg = await postJson(api, '/auth/register', { email: uniqueEmail(), password: 'password-123', name: 'K' })
        const { user } = await reg.json()
        const cookie = `ferry_token=${authCookieFrom(reg)}`

        const read = await api('/api/probe/user', { headers: { cookie } })
        expect(read.status).toBe(200)
        expect(await read.json()).toEqual({ id: user.id })

        const forged = await postJson(api, '/api/probe/user', undefined, { cookie })
        expect(forged.status).toBe(403)
        expect(await forged.json()).toEqual({
          code: 'csrf_header_missing',
          detail: 'This request must carry the X-Requested-With header (or a bearer token).',
        })

        const ok = await postJson(api, '/api/probe/user', undefined, { cookie, 'x-requested-with': 'XMLHttpRequest' })
        expect(ok.status).toBe(200)

        // A public route ignores a cookie it cannot trust, rather than failing.
        const anonymous = await postJson(api, '/api/probe/public', undefined, { cookie })
        expect(await anonymous.json()).toEqual({ id: null })
        const known = await postJson(api, '/api/probe/public', undefined, { cookie, 'x-requested-with': 'fetch' })
        expect(await known.json()).toEqual({ id: user.id })
      })

      it('logs out through the cookie and revokes its token', async () => {
        const reg = await postJson(api, '/auth/register', { email: uniqueEmail(), password: 'password-123', name: 'L' })
        const token = authCookieFrom(reg)!
        const cookie = `ferry_token=${token}`
        const out = await postJson(api, '/auth/logout', undefined, { cookie, 'x-requested-with': 'XMLHttpRequest' })
        expect(out.status).toBe(200)
        expect((await api('/api/probe/user', { headers: { cookie } })).status).toBe(401)
        expect((await api('/api/probe/user', { headers: bearer(token) })).status).toBe(401)
      })
    })

    describe('bad tokens', () => {
      it('answers 401 without a token, and for a tampered one', async () => {
        expect((await api('/api/probe/user')).status).toBe(401)
        const { access_token: token, user } = await registerAccount(api)
        const [header, payload, signature] = token.split('.') as [string, string, string]

        const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`
        const otherUser = Buffer.from(
          JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: crypto.randomUUID() }),
        ).toString('base64url')
        const swapped = `${header}.${otherUser}.${signature}`
        const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`
        const foreign = await new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(user.id)
          .setJti(crypto.randomUUID())
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('some other secret'))

        for (const bad of [flipped, swapped, unsigned, foreign, 'garbage', `${token}x`]) {
          const res = await api('/api/probe/user', { headers: bearer(bad) })
          expect(res.status, bad).toBe(401)
          expect(await res.json()).toEqual({ detail: 'Not authenticated', code: 'unauthorized' })
          expect(await (await postJson(api, '/auth/verify', { token: bad })).json()).toEqual({ valid: false })
        }
      })

      it('answers 401 once the token expired (30 days)', async () => {
        const { access_token: token } = await registerAccount(api)
        try {
          clock.advance(29 * 24 * 3600 * 1000)
          expect((await api('/api/probe/user', { headers: bearer(token) })).status).toBe(200)
          clock.advance(1 * 24 * 3600 * 1000 + 1000)
          expect((await api('/api/probe/user', { headers: bearer(token) })).status).toBe(401)
          expect(await (await postJson(api, '/auth/verify', { token })).json()).toEqual({ valid: false })
        } finally {
          clock.reset()
        }
      })

      it('answers 401 for a well-signed token whose exp passed, or that no sign-in issued', async () => {
        const { user, access_token } = await registerAccount(api)
        const now = Math.floor(Date.now() / 1000)
        const expired = await new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(user.id)
          .setJti(crypto.randomUUID())
          .setIssuedAt(now - 3600)
          .setExpirationTime(now - 60)
          .sign(new TextEncoder().encode(jwtSecret))
        const fresh = await new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(user.id)
          .setJti(crypto.randomUUID())
          .setIssuedAt(now)
          .setExpirationTime(now + 60)
          .sign(new TextEncoder().encode(jwtSecret))
        expect((await api('/api/probe/user', { headers: bearer(access_token) })).status).toBe(200)
        expect((await api('/api/probe/user', { headers: bearer(expired) })).status).toBe(401)
        // Signed with the right key but without a session row (decision 0028): refused too.
        expect((await api('/api/probe/user', { headers: bearer(fresh) })).status).toBe(401)
      })

      it('lets a public route through with a bad token, as anonymous', async () => {
        const res = await postJson(api, '/api/probe/public', undefined, bearer('garbage'))
        expect(res.status).toBe(200)
        expect(await res.json()).toEqual({ id: null })
      })
    })

    describe('roles', () => {
      it('answers 403 to a non-admin on an admin route and lets an admin in, reading the role fresh', async () => {
        const { access_token: token, user } = await registerAccount(api)
        const res = await api('/api/probe/admin', { headers: bearer(token) })
        expect(res.status).toBe(403)
        expect(await res.json()).toEqual({ code: 'forbidden', detail: 'You do not have permission to do this.' })
        expect((await api('/api/probe/admin')).status).toBe(401)

        const { users } = await import('../../db/schema/index.js')
        const { eq } = await import('drizzle-orm')
        await getApp().deps.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, user.id))
        // Same token: the role is read from the database on every request.
        expect((await api('/api/probe/admin', { headers: bearer(token) })).status).toBe(200)
        expect((await (await postJson(api, '/auth/verify', { token })).json()).user.role).toBe('ADMIN')
      })
    })

    describe('bad input', () => {
      it('refuses a second account for the same email, whatever its case or spacing', async () => {
        const email = uniqueEmail('dup')
        await registerAccount(api, { email })
        for (const variant of [email, email.toUpperCase(), `  ${email}\t`]) {
          const res = await postJson(api, '/auth/register', { email: variant, password: 'password-123', name: 'Dup' })
          expect(res.status).toBe(409)
          expect(await res.json()).toEqual({
            code: 'email_taken',
            detail: 'An account with this email already exists. Please log in instead.',
          })
        }
      })

      it.each([
        [{ email: 'x@example.com', password: 'short', name: 'N' }, 'password: Password must be at least 8 characters.'],
        [{ email: 'not-an-email', password: 'password-123', name: 'N' }, 'email: Please enter a valid email address.'],
        [{ email: 'x@example.com', password: 'password-123' }, 'name: Name is required.'],
        [{ email: 'x@example.com', password: 'password-123', name: '   ' }, 'name: Name is required.'],
        [{ password: 'password-123', name: 'N' }, 'email: Email is required.'],
      ])('answers 400 with a clear message to %j', async (body, detail) => {
        const res = await postJson(api, '/auth/register', body)
        expect(res.status).toBe(400)
        expect(await res.json()).toEqual({ code: 'validation_failed', detail })
      })

      it('gives the same 401 for an unknown email and for a wrong password', async () => {
        const { user } = await registerAccount(api, { password: 'password-123' })
        const wrongPassword = await postJson(api, '/auth/login', { email: user.email, password: 'password124' })
        const unknownEmail = await postJson(api, '/auth/login', {
          email: uniqueEmail('nobody'),
          password: 'password-123',
        })
        expect(wrongPassword.status).toBe(401)
        expect(unknownEmail.status).toBe(401)
        const [a, b] = [await wrongPassword.json(), await unknownEmail.json()]
        expect(a).toEqual({ code: 'invalid_credentials', detail: 'Invalid email or password.' })
        expect(b).toEqual(a)
        expect(authCookieFrom(wrongPassword)).toBeUndefined()
      })

      it('takes about as long for an unknown email as for a wrong password', async () => {
        const { user } = await registerAccount(api, { password: 'password-123' })
        const time = async (email: string) => {
          const started = performance.now()
          await postJson(api, '/auth/login', { email, password: 'wrong-password' })
          return performance.now() - started
        }
        const median = (xs: number[]) => xs.sort((p, q) => p - q)[Math.floor(xs.length / 2)]!
        const known: number[] = []
        const unknown: number[] = []
        for (let i = 0; i < 7; i++) {
          known.push(await time(user.email))
          unknown.push(await time(uniqueEmail('ghost')))
        }
        // Both run one argon2id verification (several ms); without the dummy one, unknown is far faster.
        expect(median(unknown)).toBeGreaterThan(median(known) * 0.5)
      })
    })
  },
  authStacks({ clock, env: { JWT_SECRET: jwtSecret } }),
)
