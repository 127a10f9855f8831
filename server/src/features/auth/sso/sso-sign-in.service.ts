import { createHash } from 'node:crypto'
import type { SsoDiscoverResponse } from '@ferry/contracts/api/sso'
import { normaliseEmail } from '@ferry/contracts/api/users'
import type { Language } from '@ferry/contracts/domain/languages'
import type { Deps } from '../../../deps.js'
import { AppError } from '../../../errors.js'
import { cachedSecret } from '../../../secrets/secrets.js'
import type { UserRecord, UsersService } from '../../users/users.service.js'
import { createSecretBox } from '../two-factor/secret-box.js'
import {
  createOidcClient,
  type OidcClient,
  type OidcFetch,
  type OidcIdentity,
  type OidcProvider,
} from './oidc-client.js'
import { createSsoRepository, type SsoConnectionRow } from './sso.repository.js'
import { emailDomainOf } from './sso-domain.js'

/** A flow left unfinished this long is refused and swept. */
export const ssoFlowTtlMs = 10 * 60_000
export const operatorConnection = 'operator'
export const ssoCallbackPath = '/auth/sso/callback'

const hashState = (state: string) => createHash('sha256').update(state).digest('hex')
const rank = { admin: 3, billing: 2, member: 1 } as const

type SsoDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'logger'>

/** What single sign-on needs of the organizations feature (composition.ts passes it in). */
export interface SsoMemberships {
  membershipOf(userId: string): Promise<{ organizationId: string; role: string } | null>
  addMember(organizationId: string, userId: string, role: 'admin' | 'billing' | 'member'): Promise<void>
}

/** What a finished flow signed in, and what its sign-out needs. */
export interface SsoSignedIn {
  user: UserRecord
  connection: string
  idToken: string
}

/** The role a provider's groups give under a mapping; null when a mapping is set and no group is in it. */
export function mappedRole(
  connection: Pick<SsoConnectionRow, 'roleMapping' | 'groupsClaim'>,
  claims: Record<string, unknown>,
) {
  if (connection.roleMapping.length === 0) return 'member' as const
  const raw = claims[connection.groupsClaim]
  const groups = new Set(
    Array.isArray(raw) ? raw.filter((g): g is string => typeof g === 'string') : typeof raw === 'string' ? [raw] : [],
  )
  let best: 'admin' | 'billing' | 'member' | null = null
  for (const { group, role } of connection.roleMapping) {
    if (groups.has(group) && (!best || rank[role] > rank[best])) best = role
  }
  return best
}

/**
 * Signing in with OpenID Connect (issue 23 item 3, decision 0037): the operator's provider
 * (OIDC_*) and organizations' providers for their proven email domains. A flow's state, PKCE
 * verifier and nonce live in the database (any instance finishes it, a state works once); the
 * browser that started it holds the state in an httpOnly cookie, so a callback sent to someone
 * else's browser is refused.
 */
export function createSsoSignIn(
  deps: SsoDeps,
  { users, organizations }: { users: UsersService; organizations: SsoMemberships },
  options: { fetch?: OidcFetch } = {},
) {
  const { clock, config } = deps
  const repo = createSsoRepository(deps.database.db)
  const encryptionKey = cachedSecret(deps.database.db, 'sso-encryption-key')
  const box = async () => createSecretBox(Buffer.from(await encryptionKey(), 'base64url'))
  // A plain-http provider only for a plain-http (development, LAN) install.
  const oidc: OidcClient = createOidcClient({
    clock,
    allowHttp: config.publicUrl.startsWith('http:') || config.env !== 'production',
    fetch: options.fetch,
  })
  const redirectUri = `${config.publicUrl}${ssoCallbackPath}`

  async function providerOf(connection: SsoConnectionRow): Promise<OidcProvider> {
    return {
      issuer: connection.issuer,
      clientId: connection.clientId,
      clientSecret: (await box()).open(connection.clientSecretSealed, connection.organizationId),
    }
  }

  /** The provider of a connection name: the operator's, or a verified organization connection. */
  async function resolve(connection: string): Promise<{ provider: OidcProvider; row?: SsoConnectionRow }> {
    if (connection === operatorConnection) {
      if (!config.oidc) throw new AppError('sso_not_configured', 404)
      return { provider: config.oidc }
    }
    const row = await repo.connectionOf(connection)
    if (!row?.domainVerifiedAt) throw new AppError('sso_not_configured', 404)
    return { provider: await providerOf(row), row }
  }

  /** The account of an operator-provider identity: linked, or by a verified email, or new. */
  async function operatorAccount(identity: OidcIdentity, language?: Language): Promise<UserRecord> {
    const known = await repo.identityOwner(identity.issuer, identity.subject)
    if (known) {
      const user = await users.getById(known)
      if (user) return user
    }
    if (!identity.email || !identity.emailVerified) throw new AppError('sso_email_unverified', 401)
    const email = normaliseEmail(identity.email)
    // An organization that proved this domain signs its people in itself when it requires it.
    const domainConnection = await repo.verifiedConnectionForDomain(emailDomainOf(email))
    if (domainConnection?.ssoRequired) throw new AppError('sso_required', 403)
    return linkOrCreate(identity, email, language)
  }

  /** Links (issuer, sub) to the account of `email`, creating the account when there is none. */
  async function linkOrCreate(identity: OidcIdentity, email: string, language?: Language): Promise<UserRecord> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const existing = await users.findCredentialsByEmail(email)
      const user =
        existing ??
        (await users.create({
          email,
          name: identity.name ?? email.split('@')[0] ?? email,
          language,
          emailConfirmed: true,
        }))
      if (user) {
        await repo.linkIdentity(identity.issuer, identity.subject, user.id)
        return user
      }
    }
    throw new AppError('sso_failed', 401)
  }

  /** The account of an organization-provider identity: in the proven domain, in a mapped group. */
  async function organizationAccount(
    row: SsoConnectionRow,
    identity: OidcIdentity,
    language?: Language,
  ): Promise<UserRecord> {
    const role = mappedRole(row, identity.claims)
    if (!role) throw new AppError('sso_group_not_allowed', 403)
    const known = await repo.identityOwner(identity.issuer, identity.subject)
    let user = known ? await users.getById(known) : undefined
    if (!user) {
      // The organization proved by DNS that it controls this domain, and runs this provider: it
      // speaks for every address in the domain, verified claim or not (many providers omit it).
      if (!identity.email || emailDomainOf(normaliseEmail(identity.email)) !== row.emailDomain) {
        throw new AppError('sso_email_domain_mismatch', 403)
      }
      const email = normaliseEmail(identity.email)
      const existing = await users.findCredentialsByEmail(email)
      const membership = existing && (await organizations.membershipOf(existing.id))
      if (membership && membership.organizationId !== row.organizationId) {
        throw new AppError('sso_other_organization', 403)
      }
      user = await linkOrCreate(identity, email, language)
    }
    const membership = await organizations.membershipOf(user.id)
    if (!membership) await organizations.addMember(row.organizationId, user.id, role)
    else if (membership.organizationId !== row.organizationId) throw new AppError('sso_other_organization', 403)
    return user
  }

  return {
    /** Where the browser goes to sign in, and the state its cookie must hold for the callback. */
    async start(input: { email?: string; language?: Language }): Promise<{ url: string; state: string }> {
      let connection = operatorConnection
      if (input.email) {
        const row = await repo.verifiedConnectionForDomain(emailDomainOf(normaliseEmail(input.email)))
        if (!row) throw new AppError('sso_not_configured', 404)
        connection = row.organizationId
      }
      const { provider } = await resolve(connection)
      const { url, checks } = await oidc.start(provider, redirectUri)
      await repo.insertFlow({
        stateHash: hashState(checks.state),
        connection,
        codeVerifier: checks.codeVerifier,
        nonce: checks.nonce,
        language: input.language ?? null,
        expiresAt: new Date(clock.now().getTime() + ssoFlowTtlMs),
      })
      return { url: url.toString(), state: checks.state }
    },

    /**
     * The account a provider's callback signs in: the state must be this browser's (its cookie)
     * and unused; openid-client checks the rest. The second step (2FA) is the caller's.
     */
    async finish(callbackUrl: URL, cookieState: string | undefined): Promise<SsoSignedIn> {
      const state = callbackUrl.searchParams.get('state')
      if (!state || !cookieState || state !== cookieState) throw new AppError('sso_state_invalid', 400)
      const flow = await repo.takeFlow(hashState(state), clock.now())
      if (!flow) throw new AppError('sso_state_invalid', 400)
      const { provider, row } = await resolve(flow.connection)
      const identity = await oidc
        .finish(provider, callbackUrl, { codeVerifier: flow.codeVerifier, state, nonce: flow.nonce })
        .catch((error: unknown) => {
          deps.logger.warn(
            { err: (error as { cause?: unknown }).cause ?? error, connection: flow.connection },
            'sso: callback refused',
          )
          throw error
        })
      const language = (flow.language ?? undefined) as Language | undefined
      const user = row ? await organizationAccount(row, identity, language) : await operatorAccount(identity, language)
      return { user, connection: flow.connection, idToken: identity.idToken }
    },

    /** Whether an address's domain signs in with single sign-on, and whether it must. */
    async discover(email: string): Promise<SsoDiscoverResponse> {
      const row = await repo.verifiedConnectionForDomain(emailDomainOf(normaliseEmail(email)))
      return { sso: Boolean(row), required: Boolean(row?.ssoRequired) }
    },

    /** 403 `sso_required` for an address whose organization turned password sign-in off. */
    async assertPasswordAllowed(email: string): Promise<void> {
      const row = await repo.verifiedConnectionForDomain(emailDomainOf(normaliseEmail(email)))
      if (row?.ssoRequired) throw new AppError('sso_required', 403)
    },

    /** The provider's sign-out address for a session signed in through `connection`, if it has one. */
    async endSessionUrl(connection: string, idToken: string): Promise<string | undefined> {
      try {
        const { provider } = await resolve(connection)
        return await oidc.endSessionUrl(provider, idToken, `${config.publicUrl}/signin`)
      } catch {
        return undefined
      }
    },

    /** Whether an issuer can be discovered with this client: for settings an admin saves. */
    checkProvider: (provider: OidcProvider) => oidc.check(provider),

    /** Seals a connection's client secret, bound to its organization. */
    async sealSecret(secret: string, organizationId: string): Promise<string> {
      return (await box()).seal(secret, organizationId)
    },

    operatorName: () => config.oidc?.name ?? null,

    sweepFlows: () => repo.sweepFlows(clock.now()),
  }
}

export type SsoSignIn = ReturnType<typeof createSsoSignIn>
