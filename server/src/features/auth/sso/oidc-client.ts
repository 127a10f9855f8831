import * as client from 'openid-client'
import type { Clock } from '../../../clock.js'
import { AppError } from '../../../errors.js'

/** One OpenID provider as Ferry is registered with it. */
export interface OidcProvider {
  issuer: string
  clientId: string
  clientSecret: string
}

/** What a verified ID token says, as Ferry uses it. */
export interface OidcIdentity {
  issuer: string
  subject: string
  email: string | null
  emailVerified: boolean
  name: string | null
  claims: Record<string, unknown>
  /** The raw ID token: the `id_token_hint` of the provider's sign-out. */
  idToken: string
}

/** What the callback needs from the start of its flow. */
export interface FlowChecks {
  codeVerifier: string
  state: string
  nonce: string
}

/** Lets tests see or alter what the provider answers (a tampered token), as a proxy in the way would. */
export type OidcFetch = client.CustomFetch

const discoveryTtlMs = 10 * 60_000

/**
 * openid-client (v6) for any number of providers: discovery cached per issuer and client, the
 * authorization URL of a code flow with PKCE (S256), state and nonce, and the code exchange, where
 * openid-client checks the issuer (pinned by discovery), the ID token's signature against the
 * provider's JWKS (refetched when a new key id appears: key rotation), audience, expiry, nonce and
 * state. Nothing here verifies tokens by hand.
 */
export function createOidcClient(options: { clock: Clock; allowHttp: boolean; fetch?: OidcFetch }) {
  const cache = new Map<string, { config: Promise<client.Configuration>; at: number }>()

  const configure = (config: client.Configuration) => {
    // An ID token from the token endpoint is checked like one from anywhere else: signature included.
    client.enableNonRepudiationChecks(config)
    if (options.allowHttp) client.allowInsecureRequests(config)
    if (options.fetch) config[client.customFetch] = options.fetch
    return config
  }

  async function discover(provider: OidcProvider): Promise<client.Configuration> {
    const key = `${provider.issuer}\n${provider.clientId}\n${provider.clientSecret}`
    const now = options.clock.now().getTime()
    const cached = cache.get(key)
    if (cached && now - cached.at < discoveryTtlMs) return cached.config
    const config = client
      .discovery(
        new URL(provider.issuer),
        provider.clientId,
        undefined,
        client.ClientSecretPost(provider.clientSecret),
        {
          execute: options.allowHttp ? [client.allowInsecureRequests] : [],
          ...(options.fetch ? { [client.customFetch]: options.fetch } : {}),
          timeout: 10,
        },
      )
      .then(configure)
    cache.set(key, { config, at: now })
    config.catch(() => cache.delete(key))
    return config
  }

  const unavailable = () => new AppError('sso_provider_unavailable', 503)

  return {
    /** Whether the issuer's discovery document can be read: for settings saved by an admin. */
    async check(provider: OidcProvider): Promise<boolean> {
      try {
        await discover(provider)
        return true
      } catch {
        return false
      }
    },

    /** A fresh verifier, state and nonce, and the URL that starts the flow with them. */
    async start(provider: OidcProvider, redirectUri: string): Promise<{ url: URL; checks: FlowChecks }> {
      const config = await discover(provider).catch(() => {
        throw unavailable()
      })
      const checks = {
        codeVerifier: client.randomPKCECodeVerifier(),
        state: client.randomState(),
        nonce: client.randomNonce(),
      }
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
      })
      return { url, checks }
    },

    /** The identity of a callback URL, every check passed; AppError 401 `sso_failed` otherwise. */
    async finish(provider: OidcProvider, callbackUrl: URL, checks: FlowChecks): Promise<OidcIdentity> {
      const config = await discover(provider).catch(() => {
        throw unavailable()
      })
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        })
      } catch (error) {
        throw Object.assign(new AppError('sso_failed', 401), { cause: error })
      }
      const claims = tokens.claims()
      if (!claims || !tokens.id_token) throw new AppError('sso_failed', 401)
      const email = typeof claims.email === 'string' && claims.email.includes('@') ? claims.email : null
      const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : null
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email,
        emailVerified: claims.email_verified === true,
        name,
        claims: claims as Record<string, unknown>,
        idToken: tokens.id_token,
      }
    },

    /** The provider's sign-out address for this session, or undefined when it has none. */
    async endSessionUrl(provider: OidcProvider, idToken: string, postLogoutRedirectUri: string) {
      try {
        const config = await discover(provider)
        if (!config.serverMetadata().end_session_endpoint) return undefined
        return client
          .buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: postLogoutRedirectUri })
          .toString()
      } catch {
        return undefined
      }
    },
  }
}

export type OidcClient = ReturnType<typeof createOidcClient>
