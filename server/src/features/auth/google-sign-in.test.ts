import { generate } from 'otplib'
import { afterAll, describe, expect, it } from 'vitest'
import { buildTestApp, forEachStack } from '../../testing/test-app.js'
import { addPasskey, authStacks, bearer, postJson, registerAccount, uniqueEmail } from './testing/auth-test-kit.js'
import { startFakeGoogle } from './testing/google-keys.js'

describe('Google sign-in without GOOGLE_CLIENT_ID', () => {
  it('answers 501 with the message the web shows', async () => {
    const t = await buildTestApp()
    try {
      const res = await postJson(t.api, '/auth/google', { token: 'anything' })
      expect(res.status).toBe(501)
      expect(await res.json()).toEqual({
        code: 'google_not_configured',
        detail: 'Google authentication is not yet available. Please use email and password.',
      })
      expect(await (await t.api('/auth/config')).json()).toEqual({ google_client_id: null, oidc: null })
    } finally {
      await t.close()
    }
  })
})

const google = await startFakeGoogle()
afterAll(() => google.close())

await forEachStack(
  (getApp) => {
    const api = (pathname: string, init?: RequestInit) => getApp().api(pathname, init)
    const signIn = (token: string) => postJson(api, '/auth/google', { token })

    it('tells the browser which client id to use', async () => {
      expect(await (await api('/auth/config')).json()).toEqual({ google_client_id: google.clientId, oidc: null })
    })

    it('creates an account from a valid token, then signs the same person in again', async () => {
      const email = uniqueEmail('g')
      const claims = {
        sub: `g-${email}`,
        email: email.toUpperCase(),
        name: 'Gina Google',
        picture: 'https://x.test/p.png',
      }
      const first = await signIn(await google.idToken(claims))
      expect(first.status).toBe(200)
      const body = await first.json()
      expect(body).toMatchObject({
        token_type: 'bearer',
        // A new Google account is confirmed: Google vouches for the address (spec/accounts.md §2).
        user: { email, name: 'Gina Google', role: 'FREE', picture: 'https://x.test/p.png', email_confirmed: true },
      })
      expect((await api('/api/probe/user', { headers: bearer(body.access_token) })).status).toBe(200)

      const again = await signIn(await google.idToken(claims))
      expect(again.status).toBe(200)
      expect((await again.json()).user.id).toBe(body.user.id)
    })

    it('links to an existing email account, which keeps its password and name', async () => {
      const { user } = await registerAccount(api, { password: 'password-123', name: 'Eve Email' })
      const res = await signIn(
        await google.idToken({ sub: `g-${user.id}`, email: user.email, name: 'Eve G', picture: 'p' }),
      )
      expect(res.status).toBe(200)
      // Google vouches for the address: linking confirms it (spec/accounts.md §2).
      expect(user.email_confirmed).toBe(false)
      expect((await res.json()).user).toEqual({ ...user, picture: 'p', email_confirmed: true })
      expect((await postJson(api, '/auth/login', { email: user.email, password: 'password-123' })).status).toBe(200)
      // Later sign-ins find the account by Google's id even if the Google address changed.
      const moved = await signIn(await google.idToken({ sub: `g-${user.id}`, email: uniqueEmail('moved') }))
      expect((await moved.json()).user.id).toBe(user.id)
    })

    it.each([
      ['a wrong audience', { aud: 'someone-else.apps.googleusercontent.com' }, {}],
      ['a wrong issuer', { iss: 'https://evil.example.com' }, {}],
      ['an expired token', {}, { expiresIn: Math.floor(Date.now() / 1000) - 60 }],
      ['an unpublished key', {}, { key: 'rogue' as const }],
    ])('answers 401 to %s', async (_name, claims, options) => {
      const email = uniqueEmail('bad')
      const res = await signIn(await google.idToken({ email, ...claims }, options))
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ code: 'google_auth_failed', detail: 'Google authentication failed' })
    })

    it('answers 401 to an unverified email and creates nothing', async () => {
      const email = uniqueEmail('unverified')
      const res = await signIn(await google.idToken({ email, email_verified: false }))
      expect(res.status).toBe(401)
      expect((await res.json()).code).toBe('google_email_unverified')
      // Nobody can log in or register in that name by this route; the address is still free.
      expect((await postJson(api, '/auth/register', { email, password: 'password-123', name: 'U' })).status).toBe(201)
    })

    it('accepts the bare accounts.google.com issuer too', async () => {
      const res = await signIn(await google.idToken({ email: uniqueEmail('bare'), iss: 'accounts.google.com' }))
      expect(res.status).toBe(200)
    })

    it('asks an account with two-factor sign-in on for its code too: Google stands in for the password only', async () => {
      const { user, access_token } = await registerAccount(api, { password: 'password-123' })
      const auth = bearer(access_token)
      const { secret } = await (await postJson(api, '/api/account/totp', undefined, auth)).json()
      const now = () => Math.floor(Date.now() / 1000)
      const confirm = await postJson(
        api,
        '/api/account/totp/confirm',
        { code: await generate({ secret, epoch: now() }) },
        auth,
      )
      expect(confirm.status).toBe(200)
      const claims = { sub: `g2-${user.id}`, email: user.email }

      const withoutCode = await signIn(await google.idToken(claims))
      expect(withoutCode.status).toBe(401)
      expect((await withoutCode.json()).code).toBe('second_factor_required')
      const wrong = await postJson(api, '/auth/google', { token: await google.idToken(claims), totp_code: '000000' })
      expect((await wrong.json()).code).toBe('second_factor_invalid')
      // The next step's code (the confirming one is used), as an app shows it a few seconds on.
      const next = await generate({ secret, epoch: now() + 30 })
      const withCode = await postJson(api, '/auth/google', { token: await google.idToken(claims), totp_code: next })
      expect(withCode.status, await withCode.clone().text()).toBe(200)
      expect((await withCode.json()).user.id).toBe(user.id)
    })

    it("offers the account's passkey as Google sign-in's second step, and accepts its assertion", async () => {
      const app = getApp()
      const { user, access_token } = await registerAccount(api, { password: 'password-123' })
      const auth = bearer(access_token)
      const authenticator = await addPasskey(app, auth)
      const { secret } = await (await postJson(api, '/api/account/totp', undefined, auth)).json()
      const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) })
      expect((await postJson(api, '/api/account/totp/confirm', { code }, auth)).status).toBe(200)
      const claims = { sub: `g3-${user.id}`, email: user.email }
      const assertion = async () =>
        authenticator.assert((await (await postJson(api, '/auth/passkey/options')).json()).options)

      const asked = await signIn(await google.idToken(claims))
      expect(asked.status).toBe(401)
      expect(await asked.json()).toMatchObject({
        code: 'second_factor_required',
        methods: ['totp', 'recovery_code', 'passkey'],
      })
      const passkey = await assertion()
      const withPasskey = await postJson(api, '/auth/google', { token: await google.idToken(claims), passkey })
      expect(withPasskey.status, await withPasskey.clone().text()).toBe(200)
      expect((await withPasskey.json()).user.id).toBe(user.id)
      // The same assertion again is refused: its challenge worked once.
      const replayed = await postJson(api, '/auth/google', { token: await google.idToken(claims), passkey })
      expect((await replayed.json()).code).toBe('second_factor_invalid')
    })

    it('answers 401 to something that is not a token', async () => {
      expect((await signIn('not-a-jwt')).status).toBe(401)
    })
  },
  authStacks({ env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl } }),
)

describe('Google sign-in while Google’s keys cannot be fetched', () => {
  it('answers 503, not 401', async () => {
    const outage = await startFakeGoogle()
    const t = await buildTestApp({ env: { GOOGLE_CLIENT_ID: outage.clientId, GOOGLE_JWKS_URL: outage.jwksUrl } })
    try {
      outage.failWith(500)
      const res = await postJson(t.api, '/auth/google', { token: await outage.idToken({ email: uniqueEmail() }) })
      expect(res.status).toBe(503)
      expect((await res.json()).code).toBe('google_unavailable')
    } finally {
      await t.close()
      await outage.close()
    }
  })
})
