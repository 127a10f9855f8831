import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose'
import Provider from 'oidc-provider'

/** A person the provider signs in: the login name typed on its page is the key. */
export interface TestOidcAccount {
  email: string
  name?: string
  groups?: string[]
  emailVerified?: boolean
}

export interface TestOidcClient {
  clientId: string
  clientSecret: string
  redirectUris: string[]
  postLogoutRedirectUris?: string[]
}

/**
 * What the provider's token endpoint answer is turned into before the client gets it, as an attacker
 * in the middle would: an ID token whose signature no longer matches, one signed for another
 * audience or already expired (both with the provider's real key).
 */
export type TokenTamper = 'none' | 'signature' | 'audience' | 'expired'

export interface TestOidcProvider {
  /** `http://127.0.0.1:<port>`: the issuer and discovery base. */
  issuer: string
  accounts: Map<string, TestOidcAccount>
  tamper: TokenTamper
  /** Requests the token endpoint received, with their form fields: PKCE is visible here. */
  readonly tokenRequests: URLSearchParams[]
  /** Signs `login` in on the provider's page and follows redirects to the client's callback URL. */
  signInThrough(authorizationUrl: string, login: string): Promise<URL>
  close(): Promise<void>
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })

/**
 * A real OpenID provider (`oidc-provider`) on 127.0.0.1 for tests and the browser tests: code flow
 * with PKCE required, RP-initiated logout, its development login page (any password), and the
 * accounts given. It runs behind a small proxy on the issuer's port, which can tamper with the
 * token endpoint's answer (`tamper`) so tests see forged tokens refused.
 */
export async function startOidcTestProvider(options: {
  port?: number
  clients: TestOidcClient[]
  accounts?: Record<string, TestOidcAccount>
}): Promise<TestOidcProvider> {
  const accounts = new Map(Object.entries(options.accounts ?? {}))
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' }
  const signingKey = await importJWK(privateJwk, 'RS256')

  const front = http.createServer()
  await new Promise<void>((resolve) => front.listen(options.port ?? 0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(front.address() as AddressInfo).port}`

  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      post_logout_redirect_uris: c.postLogoutRedirectUris ?? [],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [privateJwk] },
    cookies: { keys: ['ferry-test-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    // The ID token carries the scopes' claims (groups among them), as most providers do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    async findAccount(_ctx, id) {
      const account = accounts.get(id)
      if (!account) return undefined
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: account.email,
            email_verified: account.emailVerified ?? true,
            name: account.name ?? id,
            groups: account.groups ?? [],
          }
        },
      }
    },
    // Consent is implied: the provider grants what the client asks for.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      })
      grant.addOIDCScope('openid email profile')
      grant.addOIDCClaims(['email', 'email_verified', 'name', 'groups'])
      await grant.save()
      return grant
    },
  })
  provider.proxy = false
  const inner = http.createServer(provider.callback())
  await new Promise<void>((resolve) => inner.listen(0, '127.0.0.1', resolve))
  const innerPort = (inner.address() as AddressInfo).port

  const state: { tamper: TokenTamper } = { tamper: 'none' }
  const tokenRequests: URLSearchParams[] = []

  async function tampered(idToken: string): Promise<string> {
    if (state.tamper === 'signature') {
      const [h, p, s] = idToken.split('.')
      const sig = Buffer.from(s!, 'base64url')
      sig[0] = (sig[0] ?? 0) ^ 0xff
      return [h, p, sig.toString('base64url')].join('.')
    }
    const claims = decodeJwt(idToken)
    const now = Math.floor(Date.now() / 1000)
    const changed =
      state.tamper === 'audience'
        ? { ...claims, aud: 'another-client' }
        : { ...claims, iat: now - 7200, exp: now - 3600 }
    return new SignJWT(changed)
      .setProtectedHeader({ alg: 'RS256', kid: decodeProtectedHeader(idToken).kid })
      .sign(signingKey)
  }

  front.on('request', async (req, res) => {
    try {
      const body = await readBody(req)
      const isToken = req.method === 'POST' && req.url?.startsWith('/token')
      if (isToken) tokenRequests.push(new URLSearchParams(body.toString()))
      const answer = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
        (resolve, reject) => {
          const forward = http.request(
            { host: '127.0.0.1', port: innerPort, path: req.url, method: req.method, headers: req.headers },
            async (r) => resolve({ status: r.statusCode ?? 502, headers: r.headers, body: await readBody(r) }),
          )
          forward.on('error', reject)
          forward.end(body)
        },
      )
      let out = answer.body
      if (isToken && answer.status === 200 && state.tamper !== 'none') {
        const json = JSON.parse(out.toString()) as { id_token?: string }
        if (json.id_token) json.id_token = await tampered(json.id_token)
        out = Buffer.from(JSON.stringify(json))
      }
      const headers = { ...answer.headers, 'content-length': String(out.length) }
      delete headers['transfer-encoding']
      res.writeHead(answer.status, headers)
      res.end(out)
    } catch (error) {
      res.writeHead(502).end(String(error))
    }
  })

  /** A tiny cookie jar for one browser on the provider. */
  async function signInThrough(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>()
    const send = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      })
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';')
        const at = pair!.indexOf('=')
        jar.set(pair!.slice(0, at), pair!.slice(at + 1))
      }
      return response
    }
    let url = authorizationUrl
    for (let hop = 0; hop < 10; hop++) {
      if (!url.startsWith(issuer)) return new URL(url)
      let response = await send(url)
      if (response.status === 200 && new URL(url).pathname.startsWith('/interaction/')) {
        response = await send(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
        })
      }
      const location = response.headers.get('location')
      if (!location) throw new Error(`The provider answered ${response.status} at ${url}: ${await response.text()}`)
      url = new URL(location, url).toString()
    }
    throw new Error('Too many redirects at the provider')
  }

  return {
    issuer,
    accounts,
    get tamper() {
      return state.tamper
    },
    set tamper(value) {
      state.tamper = value
    },
    tokenRequests,
    signInThrough,
    async close() {
      await new Promise<void>((resolve) => front.close(() => resolve()))
      await new Promise<void>((resolve) => inner.close(() => resolve()))
    },
  }
}
