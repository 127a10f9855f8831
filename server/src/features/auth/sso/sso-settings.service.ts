import { randomBytes } from 'node:crypto'
import type { SsoSettings, SsoSettingsRequest } from '@ferry/contracts/api/sso'
import type { Deps } from '../../../deps.js'
import { AppError, RateLimitedError } from '../../../errors.js'
import { createTxtLookup, type TxtLookupFn } from '../../custom-domains/index.js'
import type { UserRecord } from '../../users/users.service.js'
import { createSsoRepository, type SsoConnectionRow } from './sso.repository.js'
import { normalizeEmailDomain, ssoTxtName, ssoTxtValue } from './sso-domain.js'
import { type SsoSignIn, ssoCallbackPath } from './sso-sign-in.service.js'

const managers = ['owner', 'admin'] as const

/** The organizations feature's role check (404 for non-members, 403 for other roles). */
export interface OrganizationManagers {
  requireRole(user: UserRecord, organizationId: string, roles: readonly (typeof managers)[number][]): Promise<unknown>
}

/**
 * An organization's own OpenID provider, set by its owner or admins (issue 23 item 3): the issuer
 * (discovered when saved), the client and its sealed secret, the email domain it serves (proven by
 * the TXT record `_ferry-sso.<domain>`, looked up through the same resolver as custom domains),
 * the group-to-role mapping, and "SSO required".
 */
export function createSsoSettings(
  deps: Pick<Deps, 'database' | 'clock' | 'config' | 'rateLimiter'>,
  {
    organizations,
    signIn,
  }: {
    organizations: OrganizationManagers
    signIn: Pick<SsoSignIn, 'checkProvider' | 'sealSecret'>
  },
  lookupTxt: TxtLookupFn = createTxtLookup(deps.config.dnsResolvers),
) {
  const repo = createSsoRepository(deps.database.db)

  const toSettings = (row: SsoConnectionRow): SsoSettings => ({
    issuer: row.issuer,
    client_id: row.clientId,
    has_client_secret: row.clientSecretSealed.length > 0,
    email_domain: row.emailDomain,
    txt_name: ssoTxtName(row.emailDomain),
    txt_value: ssoTxtValue(row.domainToken),
    domain_verified_at: row.domainVerifiedAt?.toISOString() ?? null,
    groups_claim: row.groupsClaim,
    role_mapping: row.roleMapping,
    sso_required: row.ssoRequired,
    redirect_uri: `${deps.config.publicUrl}${ssoCallbackPath}`,
  })

  return {
    async get(user: UserRecord, organizationId: string): Promise<SsoSettings | null> {
      await organizations.requireRole(user, organizationId, managers)
      const row = await repo.connectionOf(organizationId)
      return row ? toSettings(row) : null
    },

    async put(user: UserRecord, organizationId: string, input: SsoSettingsRequest): Promise<SsoSettings> {
      await organizations.requireRole(user, organizationId, managers)
      const domain = normalizeEmailDomain(input.email_domain)
      if (!domain) throw new AppError('sso_domain_invalid', 400)
      const owner = await repo.domainOwner(domain)
      if (owner && owner !== organizationId) throw new AppError('sso_domain_taken', 409)
      const current = await repo.connectionOf(organizationId)
      const sealed = input.client_secret
        ? await signIn.sealSecret(input.client_secret, organizationId)
        : current?.clientSecretSealed
      if (!sealed) throw new AppError('sso_secret_required', 400)
      const issuer = input.issuer.replace(/\/$/, '')
      // Discovery needs no secret: a new issuer is read before it is saved.
      if (
        current?.issuer !== issuer &&
        !(await signIn.checkProvider({ issuer, clientId: input.client_id, clientSecret: '-' }))
      ) {
        throw new AppError('sso_issuer_invalid', 400)
      }
      const sameDomain = current?.emailDomain === domain
      const verifiedAt = sameDomain ? (current?.domainVerifiedAt ?? null) : null
      if (input.sso_required && !verifiedAt) throw new AppError('sso_domain_unverified', 409)
      const row = await repo.upsertConnection({
        organizationId,
        emailDomain: domain,
        // A new domain is a new proof: a new token, unverified until its record is found.
        domainToken: sameDomain && current ? current.domainToken : randomBytes(18).toString('base64url'),
        domainVerifiedAt: verifiedAt,
        issuer,
        clientId: input.client_id,
        clientSecretSealed: sealed,
        groupsClaim: input.groups_claim ?? 'groups',
        roleMapping: input.role_mapping ?? [],
        ssoRequired: input.sso_required ?? false,
        updatedAt: deps.clock.now(),
      })
      if (!row) throw new AppError('sso_domain_taken', 409)
      return toSettings(row)
    },

    async remove(user: UserRecord, organizationId: string): Promise<void> {
      await organizations.requireRole(user, organizationId, managers)
      if (!(await repo.removeConnection(organizationId))) throw new AppError('sso_not_configured', 404)
    },

    /** Looks the TXT record up now (limited per organization: each is a DNS query Ferry makes). */
    async verifyDomain(user: UserRecord, organizationId: string): Promise<SsoSettings> {
      await organizations.requireRole(user, organizationId, managers)
      const limit = await deps.rateLimiter.hit(`sso-domain-check:${organizationId}`, 30, 3600_000)
      if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds)
      const row = await repo.connectionOf(organizationId)
      if (!row) throw new AppError('sso_not_configured', 404)
      const result = await lookupTxt(ssoTxtName(row.emailDomain))
      if (result.outcome === 'unreachable') throw new AppError('sso_provider_unavailable', 503, 'DNS did not answer.')
      const found = result.outcome === 'found' && result.values.includes(ssoTxtValue(row.domainToken))
      if (!found) throw new AppError('sso_domain_unverified', 409)
      return toSettings(
        (await repo.markDomainVerified(organizationId, row.domainVerifiedAt ?? deps.clock.now())) ?? row,
      )
    },
  }
}

export type SsoSettingsService = ReturnType<typeof createSsoSettings>
