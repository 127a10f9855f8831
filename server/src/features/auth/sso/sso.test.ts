import type { SsoSettings } from '@ferry/contracts/api/sso'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalDnsServer, startDnsServer } from '../../../testing/dns-server.js'
import { freePort } from '../../../testing/free-port.js'
import { buildTestApp, type TestApp } from '../../../testing/test-app.js'
import { createTestOrganization, type TestOrganization } from '../../organizations/testing/organizations-test-kit.js'
import { authCookieFrom, bearer, postJson, registerAccount } from '../testing/auth-test-kit.js'
import { startOidcTestProvider, type TestOidcProvider } from './testing/oidc-test-provider.js'

const operatorClient = { clientId: 'ferry-operator', clientSecret: 'operator-secret-0123456789' }
const orgClient = { clientId: 'ferry-acme', clientSecret: 'acme-secret-0123456789' }

/** A browser's visit: the start redirect, the provider's page, the callback with the flow cookie. */
async function ssoSignIn(app: TestApp, provider: TestOidcProvider, login: string, start = '/auth/sso/start') {
  const started = await app.api(start, { redirect: 'manual' })
  expect(started.status, await started.clone().text()).toBe(302)
  const flowCookie = started.headers
    .getSetCookie()
    .find((c) => c.startsWith('ferry_sso_flow='))!
    .split(';')[0]!
  const authorizationUrl = started.headers.get('location')!
  const callback = await provider.signInThrough(authorizationUrl, login)
  const finish = (url: URL = callback, cookie = flowCookie) =>
    app.api(url.pathname + url.search, { redirect: 'manual', headers: { cookie } })
  return { authorizationUrl, callback, flowCookie, finish }
}

const errorOf = (res: Response) => new URL(res.headers.get('location') ?? '', 'http://x').searchParams.get('sso_error')

describe('single sign-on with OpenID Connect (issue 23 item 3)', () => {
  let app: TestApp
  let provider: TestOidcProvider
  let dns: LocalDnsServer
  let org: TestOrganization

  beforeAll(async () => {
    const providerPort = await freePort()
    dns = await startDnsServer()
    app = await buildTestApp({
      env: {
        OIDC_ISSUER: `http://127.0.0.1:${providerPort}`,
        OIDC_CLIENT_ID: operatorClient.clientId,
        OIDC_CLIENT_SECRET: operatorClient.clientSecret,
        OIDC_NAME: 'Test ID',
        DNS_RESOLVER: dns.address,
        AUTH_RATE_LIMIT_PER_IP: '10000',
        AUTH_RATE_LIMIT_PER_ACCOUNT: '10000',
      },
    })
    const redirectUris = [`${app.deps.config.publicUrl}/auth/sso/callback`]
    provider = await startOidcTestProvider({
      port: providerPort,
      clients: [
        { ...operatorClient, redirectUris, postLogoutRedirectUris: [`${app.deps.config.publicUrl}/signin`] },
        { ...orgClient, redirectUris },
      ],
      accounts: {
        olivia: { email: 'olivia@operator.example', name: 'Olivia Operator' },
        unverified: { email: 'unverified@operator.example', emailVerified: false },
        alice: { email: 'alice@acme.example', name: 'Alice Admin', groups: ['ferry-admins', 'staff'] },
        bob: { email: 'bob@acme.example', name: 'Bob', groups: ['ferry-users'] },
        mallory: { email: 'mallory@acme.example', groups: ['contractors'] },
        outsider: { email: 'eve@elsewhere.example', groups: ['ferry-users'] },
      },
    })
    org = await createTestOrganization(app, { plan: 'business' })
  })

  afterAll(async () => {
    await app?.close()
    await provider?.close()
    await dns?.close()
  })

  it('offers the operator provider by name and signs a new person in, with PKCE S256', async () => {
    expect(await (await app.api('/auth/config')).json()).toMatchObject({ oidc: { name: 'Test ID' } })
    const flow = await ssoSignIn(app, provider, 'olivia')
    const authorize = new URL(flow.authorizationUrl)
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy()
    expect(authorize.searchParams.get('nonce')).toBeTruthy()
    const done = await flow.finish()
    expect(done.status).toBe(302)
    expect(done.headers.get('location')).toBe('/')
    const token = authCookieFrom(done)!
    const me = await postJson(app.api, '/auth/verify', { token })
    expect(await me.json()).toMatchObject({
      valid: true,
      user: { email: 'olivia@operator.example', name: 'Olivia Operator', email_confirmed: true },
    })
    // The token request carried the verifier matching the challenge.
    expect(provider.tokenRequests.at(-1)?.get('code_verifier')).toBeTruthy()
  })

  it('refuses a replayed state: the flow works once', async () => {
    const flow = await ssoSignIn(app, provider, 'olivia')
    expect((await flow.finish()).headers.get('location')).toBe('/')
    const again = await flow.finish()
    expect(errorOf(again)).toBe('sso_state_invalid')
    expect(authCookieFrom(again)).toBeFalsy()
  })

  it('refuses a callback in a browser that did not start the flow (no or another state cookie)', async () => {
    const flow = await ssoSignIn(app, provider, 'olivia')
    expect(errorOf(await flow.finish(flow.callback, ''))).toBe('sso_state_invalid')
    const other = await ssoSignIn(app, provider, 'olivia')
    expect(errorOf(await flow.finish(flow.callback, other.flowCookie))).toBe('sso_state_invalid')
  })

  it('refuses a code without its PKCE verifier', async () => {
    const flow = await ssoSignIn(app, provider, 'olivia')
    // The provider itself refuses the code without the verifier…
    const discovery = await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json()
    const bare = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: flow.callback.searchParams.get('code')!,
        redirect_uri: `${app.deps.config.publicUrl}/auth/sso/callback`,
        client_id: operatorClient.clientId,
        client_secret: operatorClient.clientSecret,
      }),
    })
    expect(bare.status).toBe(400)
    expect((await bare.json()).error).toBe('invalid_grant')
    // …and a code carried into another flow (whose verifier does not match it) signs nobody in.
    const other = await ssoSignIn(app, provider, 'olivia')
    const injected = new URL(other.callback)
    injected.searchParams.set('code', (await ssoSignIn(app, provider, 'olivia')).callback.searchParams.get('code')!)
    const res = await other.finish(injected)
    expect(errorOf(res)).toBe('sso_failed')
    expect(authCookieFrom(res)).toBeFalsy()
  })

  it.each([
    ['signature', 'a tampered signature'],
    ['audience', 'another audience'],
    ['expired', 'an expired ID token'],
  ] as const)('refuses %s (%s)', async (tamper, _label) => {
    const flow = await ssoSignIn(app, provider, 'olivia')
    provider.tamper = tamper
    try {
      const res = await flow.finish()
      expect(errorOf(res)).toBe('sso_failed')
      expect(authCookieFrom(res)).toBeFalsy()
    } finally {
      provider.tamper = 'none'
    }
  })

  it('refuses an address the operator provider does not vouch for', async () => {
    expect(errorOf(await (await ssoSignIn(app, provider, 'unverified')).finish())).toBe('sso_email_unverified')
  })

  it("ends the provider's session at sign-out", async () => {
    const done = await (await ssoSignIn(app, provider, 'olivia')).finish()
    const cookies = done.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const out = await app.api('/auth/logout', { method: 'POST', headers: { cookie: cookies, origin: app.url } })
    const body = await out.json()
    const end = new URL(body.end_session_url)
    expect(end.origin).toBe(provider.issuer)
    expect(end.searchParams.get('id_token_hint')).toBeTruthy()
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${app.deps.config.publicUrl}/signin`)
  })

  describe("an organization's own provider", () => {
    const path = () => `/api/organizations/${org.id}/sso`
    const put = (body: object, token = org.owner.token) =>
      app.api(path(), {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...bearer(token) },
        body: JSON.stringify(body),
      })
    const settings = () => ({
      issuer: provider.issuer,
      client_id: orgClient.clientId,
      client_secret: orgClient.clientSecret,
      email_domain: 'acme.example',
      role_mapping: [
        { group: 'ferry-admins', role: 'admin' },
        { group: 'ferry-users', role: 'member' },
      ],
    })

    it('is set by its admins, proven by DNS TXT, and never shows its secret', async () => {
      const outsider = await registerAccount(app.api)
      expect((await put(settings(), outsider.access_token)).status).toBe(404)
      expect((await put({ ...settings(), issuer: 'http://127.0.0.1:1/nothing' })).status).toBe(400)
      const saved = await put(settings())
      expect(saved.status).toBe(200)
      const body = (await saved.json()) as SsoSettings
      expect(body).toMatchObject({ email_domain: 'acme.example', has_client_secret: true, domain_verified_at: null })
      expect(JSON.stringify(body)).not.toContain(orgClient.clientSecret)
      const stored = await app.deps.database.db.execute(
        `select client_secret_sealed from sso_connections where organization_id = '${org.id}'`,
      )
      expect(JSON.stringify(stored)).not.toContain(orgClient.clientSecret)
      // Not proven yet: nobody signs in through it, and "SSO required" cannot be turned on.
      expect((await app.api('/auth/sso/start?email=bob@acme.example', { redirect: 'manual' })).status).toBe(404)
      expect((await put({ ...settings(), sso_required: true })).status).toBe(409)
      const check = () => postJson(app.api, `${path()}/verify-domain`, undefined, bearer(org.owner.token))
      expect((await check()).status).toBe(409)
      dns.setTxt(body.txt_name, body.txt_value)
      const verified = await check()
      expect(verified.status).toBe(200)
      expect((await verified.json()).domain_verified_at).toBeTruthy()
      expect(await (await app.api('/auth/sso/discover?email=x@acme.example')).json()).toEqual({
        sso: true,
        required: false,
      })
    })

    it('creates the account on first sign-in with the role its group maps to', async () => {
      const done = await (await ssoSignIn(app, provider, 'alice', '/auth/sso/start?email=alice@acme.example')).finish()
      expect(done.headers.get('location')).toBe('/')
      const token = authCookieFrom(done)!
      const me = await (await postJson(app.api, '/auth/verify', { token })).json()
      expect(me.user.email).toBe('alice@acme.example')
      const membership = await app.services.organizations.membershipOf(me.user.id)
      expect(membership).toEqual({ organizationId: org.id, role: 'admin' })
      const bob = await (await ssoSignIn(app, provider, 'bob', '/auth/sso/start?email=bob@acme.example')).finish()
      const bobUser = await (await postJson(app.api, '/auth/verify', { token: authCookieFrom(bob)! })).json()
      expect(await app.services.organizations.membershipOf(bobUser.user.id)).toMatchObject({ role: 'member' })
    })

    it('refuses a user outside every mapped group, and an address outside the domain', async () => {
      const mallory = await (await ssoSignIn(app, provider, 'mallory', '/auth/sso/start?email=m@acme.example')).finish()
      expect(errorOf(mallory)).toBe('sso_group_not_allowed')
      expect(authCookieFrom(mallory)).toBeFalsy()
      const eve = await (await ssoSignIn(app, provider, 'outsider', '/auth/sso/start?email=m@acme.example')).finish()
      expect(errorOf(eve)).toBe('sso_email_domain_mismatch')
    })

    it('with "SSO required", a right password answers 403 sso_required', async () => {
      const member = await registerAccount(app.api, { email: 'carol@acme.example', password: 'carol-password-1' })
      expect(
        (await postJson(app.api, '/auth/login', { email: 'carol@acme.example', password: member.password })).status,
      ).toBe(200)
      expect((await put({ ...settings(), client_secret: undefined, sso_required: true })).status).toBe(200)
      const refused = await postJson(app.api, '/auth/login', { email: 'carol@acme.example', password: member.password })
      expect(refused.status).toBe(403)
      expect((await refused.json()).code).toBe('sso_required')
      expect(await (await app.api('/auth/sso/discover?email=carol@acme.example')).json()).toEqual({
        sso: true,
        required: true,
      })
      // The existing account of the domain joins the organization when it signs in through it.
      provider.accounts.set('carol', { email: 'carol@acme.example', groups: ['ferry-users'] })
      const done = await (await ssoSignIn(app, provider, 'carol', '/auth/sso/start?email=carol@acme.example')).finish()
      expect(done.headers.get('location')).toBe('/')
      expect(await app.services.organizations.membershipOf(member.user.id)).toMatchObject({
        organizationId: org.id,
        role: 'member',
      })
    })
  })
})
