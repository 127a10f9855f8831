import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose'

export interface FakeGoogle {
  /** The key-set URL to configure as GOOGLE_JWKS_URL. */
  jwksUrl: string
  clientId: string
  /** Signs an ID token as Google would; `claims` override the defaults, `key: 'rogue'` signs with an unpublished key. */
  idToken(claims?: JWTPayload, options?: { key?: 'published' | 'rogue'; expiresIn?: string | number }): Promise<string>
  /** Answers the key-set URL with this status instead (to simulate an outage). */
  failWith(status: number | undefined): void
  close(): Promise<void>
}

/** Google's part in sign-in, on 127.0.0.1: a published key set and tokens signed with its key. */
export async function startFakeGoogle(clientId = 'ferry-test.apps.googleusercontent.com'): Promise<FakeGoogle> {
  const published = await generateKeyPair('RS256')
  const rogue = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(published.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
  let failure: number | undefined
  const server = http.createServer((request, response) => {
    if (failure) {
      response.writeHead(failure).end()
      return
    }
    if (request.url !== '/oauth2/v3/certs') {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    clientId,
    async idToken(claims = {}, options = {}) {
      const key = options.key === 'rogue' ? rogue.privateKey : published.privateKey
      return new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'JWT' })
        .setIssuer((claims.iss as string | undefined) ?? 'https://accounts.google.com')
        .setAudience((claims.aud as string | undefined) ?? clientId)
        .setSubject(claims.sub ?? String(Math.floor(Math.random() * 1e15)))
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(key)
    },
    failWith(status) {
      failure = status
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
