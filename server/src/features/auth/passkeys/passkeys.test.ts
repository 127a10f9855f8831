import path from 'node:path'
import { eq } from 'drizzle-orm'
import { generate } from 'otplib'
import { expect, it } from 'vitest'
import { passkeys, webauthnChallenges } from '../../../db/schema/index.js'
import { readOutbox } from '../../../testing/mail-reader.js'
import { forEachStack, type TestApp } from '../../../testing/test-app.js'
import { authStacks, bearer, createTestClock, postJson, registerAccount, uniqueIp } from '../testing/auth-test-kit.js'
import { challengeLifetimeMs } from './passkeys.service.js'
import { createSoftAuthenticator } from './testing/soft-authenticator.js'

// Passkeys (issue 23 item 2) over real HTTP, with a software authenticator: registering from the
// profile, passwordless sign-in, the second step, and each way an assertion must be refused.

const clock = createTestClock()

type Api = TestApp['api']
type Options = { challenge: string; user?: { id: string }; rpId?: string; rp?: { id: string } }

async function json<T>(response: Response, status: number): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status)
  return (await response.json()) as T
}

const registrationOptions = async (api: Api, auth: Record<string, string>) =>
  (await json<{ options: Options }>(await postJson(api, '/api/account/passkeys/options', undefined, auth), 200)).options

const signInOptions = async (api: Api) =>
  (await json<{ options: Options }>(await postJson(api, '/auth/passkey/options'), 200)).options

/** A fresh account with one passkey made by a new software authenticator. */
async function accountWithPasskey(app: TestApp, name = 'Laptop') {
  const account = await registerAccount(app.api)
  const auth = bearer(account.access_token)
  const authenticator = createSoftAuthenticator({ origin: app.url, rpID: new URL(app.url).hostname })
  const options = await registrationOptions(app.api, auth)
  const made = await postJson(
    app.api,
    '/api/account/passkeys',
    { name, credential: authenticator.register(options) },
    auth,
  )
  const passkey = await json<{ id: string; name: string }>(made, 201)
  return { ...account, auth, authenticator, passkey }
}

await forEachStack(
  (getApp) => {
    const api: Api = (pathname, init) => getApp().api(pathname, init)
    const signIn = (credential: unknown, ip = uniqueIp()) =>
      postJson(api, '/auth/passkey', { credential }, { 'x-forwarded-for': ip })
    const db = () => getApp().deps.database.db

    it('answers 401 to the profile routes before looking at the body', async () => {
      expect((await api('/api/account/passkeys')).status).toBe(401)
      expect((await postJson(api, '/api/account/passkeys/options')).status).toBe(401)
      expect((await postJson(api, '/api/account/passkeys', { nope: 1 })).status).toBe(401)
    })

    it('registers a discoverable passkey, lists, renames and deletes it', async () => {
      const app = getApp()
      const account = await registerAccount(api)
      const auth = bearer(account.access_token)
      const options = await registrationOptions(api, auth)
      expect(options.rp?.id).toBe('127.0.0.1')
      expect(options).toMatchObject({ authenticatorSelection: { residentKey: 'required' } })
      const authenticator = createSoftAuthenticator({ origin: app.url, rpID: '127.0.0.1' })
      const credential = authenticator.register(options)
      const made = await json<{ id: string; name: string; last_used_at: null }>(
        await postJson(api, '/api/account/passkeys', { name: ' Work laptop ', credential }, auth),
        201,
      )
      expect(made).toMatchObject({ name: 'Work laptop', last_used_at: null })
      // The challenge worked once: the same answer again is refused.
      const again = await postJson(api, '/api/account/passkeys', { name: 'Again', credential }, auth)
      expect(await json(again, 400)).toMatchObject({ code: 'passkey_challenge_invalid' })

      const listed = await json<{ passkeys: { id: string }[] }>(
        await api('/api/account/passkeys', { headers: auth }),
        200,
      )
      expect(listed.passkeys.map((p) => p.id)).toEqual([made.id])
      // The database keeps the public key, never a secret.
      const [row] = await db().select().from(passkeys).where(eq(passkeys.id, made.id))
      expect(row?.credentialId).toBe(authenticator.credentialId)

      const patch = (body: unknown, id = made.id, headers = auth) =>
        api(`/api/account/passkeys/${id}`, {
          method: 'PATCH',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      expect(await json(await patch({ name: 'Phone' }), 200)).toMatchObject({ name: 'Phone' })
      expect((await patch({ name: '' })).status).toBe(400)
      // Someone else's passkey is not there for them.
      const other = await registerAccount(api)
      expect(await json(await patch({ name: 'Mine' }, made.id, bearer(other.access_token)), 404)).toMatchObject({
        code: 'passkey_not_found',
      })
      const remove = (headers = auth) => api(`/api/account/passkeys/${made.id}`, { method: 'DELETE', headers })
      expect((await remove(bearer(other.access_token))).status).toBe(404)
      expect((await remove()).status).toBe(204)
      expect(
        (await json<{ passkeys: unknown[] }>(await api('/api/account/passkeys', { headers: auth }), 200)).passkeys,
      ).toEqual([])
    })

    it('refuses a registration from another origin or RP, and a challenge of another account', async () => {
      const app = getApp()
      const account = await registerAccount(api)
      const auth = bearer(account.access_token)
      const authenticator = createSoftAuthenticator({ origin: app.url, rpID: '127.0.0.1' })
      const register = async (answer: Parameters<typeof authenticator.register>[1], headers = auth) =>
        postJson(
          api,
          '/api/account/passkeys',
          { name: 'Key', credential: authenticator.register(await registrationOptions(api, auth), answer) },
          headers,
        )
      expect(await json(await register({ origin: 'https://evil.example' }), 400)).toMatchObject({
        code: 'passkey_invalid',
      })
      expect(await json(await register({ rpID: 'evil.example' }), 400)).toMatchObject({ code: 'passkey_invalid' })
      const other = await registerAccount(api)
      expect(await json(await register({}, bearer(other.access_token)), 400)).toMatchObject({
        code: 'passkey_challenge_invalid',
      })
    })

    it('signs in with the passkey alone, and sets the session cookie', async () => {
      const app = getApp()
      const { authenticator, user, passkey, auth } = await accountWithPasskey(app)
      const response = await signIn(authenticator.assert(await signInOptions(api)))
      const body = await json<{ access_token: string; user: { id: string } }>(response, 200)
      expect(body.user.id).toBe(user.id)
      expect(response.headers.get('set-cookie')).toContain('ferry_token=')
      const me = await api('/api/probe/user', { headers: bearer(body.access_token) })
      expect(await json(me, 200)).toEqual({ id: user.id })
      const listed = await json<{ passkeys: { id: string; last_used_at: string | null }[] }>(
        await api('/api/account/passkeys', { headers: auth }),
        200,
      )
      expect(listed.passkeys.find((p) => p.id === passkey.id)?.last_used_at).not.toBeNull()
    })

    it('refuses a wrong challenge, a replayed one and an expired one', async () => {
      const { authenticator } = await accountWithPasskey(getApp())
      const wrong = await signIn(authenticator.assert({ challenge: 'bm90LWEtY2hhbGxlbmdlLWZyb20tdGhlLXNlcnZlcg' }))
      expect(await json(wrong, 400)).toMatchObject({ code: 'passkey_challenge_invalid' })

      const options = await signInOptions(api)
      const first = authenticator.assert(options)
      expect((await signIn(first)).status).toBe(200)
      expect(await json(await signIn(first), 400)).toMatchObject({ code: 'passkey_challenge_invalid' })
      // A new signature on a used challenge is refused too.
      expect(await json(await signIn(authenticator.assert(options)), 400)).toMatchObject({
        code: 'passkey_challenge_invalid',
      })

      const late = await signInOptions(api)
      clock.advance(challengeLifetimeMs + 1000)
      expect(await json(await signIn(authenticator.assert(late)), 400)).toMatchObject({
        code: 'passkey_challenge_invalid',
      })
      const [stored] = await db()
        .select()
        .from(webauthnChallenges)
        .where(eq(webauthnChallenges.challenge, late.challenge))
      expect(stored).toBeDefined()
    })

    it('refuses a wrong origin, a wrong RP, an unknown credential and a counter that goes back', async () => {
      const app = getApp()
      const { authenticator } = await accountWithPasskey(app)
      const fresh = () => signInOptions(api)
      const refused = async (credential: unknown, code: string, status = 401) =>
        expect(await json(await signIn(credential), status)).toMatchObject({ code })

      await refused(authenticator.assert(await fresh(), { origin: 'https://evil.example' }), 'passkey_invalid')
      await refused(authenticator.assert(await fresh(), { rpID: 'evil.example' }), 'passkey_invalid')
      const stranger = createSoftAuthenticator({ origin: app.url, rpID: '127.0.0.1' })
      await refused(stranger.assert(await fresh()), 'passkey_unknown')
      // Passwordless needs the person verified (PIN, biometrics), not just present.
      await refused(authenticator.assert(await fresh(), { userVerified: false }), 'passkey_invalid')

      expect((await signIn(authenticator.assert(await fresh(), { counter: 10 }))).status).toBe(200)
      // A cloned authenticator would report a counter at or below the last one.
      await refused(authenticator.assert(await fresh(), { counter: 10 }), 'passkey_invalid')
      await refused(authenticator.assert(await fresh(), { counter: 7 }), 'passkey_invalid')
      expect((await signIn(authenticator.assert(await fresh(), { counter: 11 }))).status).toBe(200)
    })

    it('counts refused passkeys in the sign-in limiter, before anything is checked', async () => {
      const { authenticator } = await accountWithPasskey(getApp())
      const ip = uniqueIp()
      for (let attempt = 0; attempt < 4; attempt++) {
        const response = await signIn(
          authenticator.assert(await signInOptions(api), { origin: 'https://evil.example' }),
          ip,
        )
        expect(response.status).toBe(401)
      }
      // The right passkey from the same address now waits, unchecked.
      const right = await signIn(authenticator.assert(await signInOptions(api)), ip)
      expect(right.status).toBe(429)
    })

    it('is a second step for a 2FA account: listed in second_factor_required and accepted by /auth/login', async () => {
      const app = getApp()
      const account = await accountWithPasskey(app)
      const { secret } = await json<{ secret: string }>(
        await postJson(api, '/api/account/totp', undefined, account.auth),
        200,
      )
      const code = await generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) })
      await json(await postJson(api, '/api/account/totp/confirm', { code }, account.auth), 200)

      const login = (extra: Record<string, unknown> = {}) =>
        postJson(
          api,
          '/auth/login',
          { email: account.user.email, password: account.password, ...extra },
          { 'x-forwarded-for': uniqueIp() },
        )
      expect(await json(await login(), 401)).toMatchObject({
        code: 'second_factor_required',
        methods: ['totp', 'recovery_code', 'passkey'],
      })
      const signedIn = await json<{ user: { id: string } }>(
        await login({ passkey: account.authenticator.assert(await signInOptions(api)) }),
        200,
      )
      expect(signedIn.user.id).toBe(account.user.id)
      // Another account's passkey is no second step for this one.
      const other = await accountWithPasskey(app)
      expect(
        await json(await login({ passkey: other.authenticator.assert(await signInOptions(api)) }), 401),
      ).toMatchObject({
        code: 'second_factor_invalid',
      })
      // Nor is a replayed assertion.
      const options = await signInOptions(api)
      const assertion = account.authenticator.assert(options)
      expect((await login({ passkey: assertion })).status).toBe(200)
      expect(await json(await login({ passkey: assertion }), 401)).toMatchObject({ code: 'second_factor_invalid' })
      // Without a passkey the methods say so.
      const plain = await registerAccount(api)
      const plainAuth = bearer(plain.access_token)
      const enrolled = await json<{ secret: string }>(
        await postJson(api, '/api/account/totp', undefined, plainAuth),
        200,
      )
      const plainCode = await generate({ secret: enrolled.secret, epoch: Math.floor(clock.now().getTime() / 1000) })
      await json(await postJson(api, '/api/account/totp/confirm', { code: plainCode }, plainAuth), 200)
      const asked = await postJson(
        api,
        '/auth/login',
        { email: plain.user.email, password: plain.password },
        { 'x-forwarded-for': uniqueIp() },
      )
      expect(await json(asked, 401)).toMatchObject({ methods: ['totp', 'recovery_code'] })
      void readOutbox
      void path
    })
  },
  authStacks({ clock, env: { AUTH_RATE_LIMIT_PER_ACCOUNT: '4' } }),
)
