import { randomBytes } from 'node:crypto'
import {
  type CustomDomain,
  type CustomDomainStatus,
  customDomainTxtPrefix,
  maxCustomDomainsPerOrganization,
} from '@ferry/contracts/api/custom-domains'
import type { Deps } from '../../deps.js'
import { AppError, notFound, RateLimitedError } from '../../errors.js'
import { type CustomDomainRow, createCustomDomainsRepository } from './custom-domains.repository.js'
import { hostOnly, normalizeCustomHost } from './custom-host-name.js'
import { createTxtLookup, type TxtLookupFn } from './dns-txt-lookup.js'

/** Which organization a user belongs to, and as what (the organizations feature provides it). */
export interface OrganizationMemberships {
  membershipOf(userId: string): Promise<{ organizationId: string; role: string } | null>
}

/** How a Host header relates to custom domains. */
export type HostStanding =
  /** Not a custom host: served as Ferry always served any host. */
  | { kind: 'ordinary' }
  /** A custom host added but not (or no longer) verified: nothing is served on it. */
  | { kind: 'unverified' }
  | { kind: 'verified'; organizationId: string }

/** Back-off of a host whose record was not found: 1 min, 2, 4 … at most 1 hour. */
const firstRetryMs = 60_000
const maxRetryMs = 3600_000
/** A verified host is looked up again this often; if its record is gone it stops being served. */
export const verifiedRecheckMs = 6 * 3600_000
/** A host still pending after this long is shown as failed (it keeps being checked, hourly). */
const pendingGiveUpMs = 3 * 24 * 3600_000

const retryDelay = (misses: number) => Math.min(firstRetryMs * 2 ** Math.max(0, misses - 1), maxRetryMs)

export const txtRecordName = (host: string) => `${customDomainTxtPrefix}.${host}`
export const txtRecordValue = (token: string) => `ferry-verify=${token}`

/**
 * Custom domains (issue 22 item 2): an organization's owner or admin adds a host; the periodic
 * `custom-domain-checks` job (and "check now") looks its TXT record up through the configured
 * resolver; only a verified host is served, and the organization's links use it.
 */
export function createCustomDomainsService(
  deps: Pick<Deps, 'database' | 'clock' | 'config' | 'rateLimiter' | 'logger'>,
  organizations: OrganizationMemberships,
  lookupTxt: TxtLookupFn = createTxtLookup(deps.config.dnsResolvers),
) {
  const { clock, config } = deps
  const repo = createCustomDomainsRepository(deps.database.db)
  const mainUrl = new URL(config.publicUrl)
  const mainHost = hostOnly(mainUrl.host)

  function toCustomDomain(row: CustomDomainRow): CustomDomain {
    return {
      id: row.id,
      host: row.host,
      txt_name: txtRecordName(row.host),
      txt_value: txtRecordValue(row.token),
      status: row.status as CustomDomainStatus,
      last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
      verified_at: row.verifiedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    }
  }

  /** Any member may read; owner and admin may change. A non-member is told nothing exists. */
  async function member(userId: string, organizationId: string, change: boolean) {
    const membership = await organizations.membershipOf(userId)
    if (!membership || membership.organizationId !== organizationId) throw notFound()
    if (change && membership.role !== 'owner' && membership.role !== 'admin') {
      throw new AppError('forbidden', 403, 'Only the owner or an admin of the organization can manage its domains.')
    }
  }

  /** Looks the record up once and records what it means for the host's status and next check. */
  async function check(row: CustomDomainRow): Promise<CustomDomainRow> {
    const result = await lookupTxt(txtRecordName(row.host))
    const now = clock.now()
    const expected = txtRecordValue(row.token)
    const at = (ms: number) => new Date(now.getTime() + ms)
    let next: Parameters<typeof repo.recordCheck>[1]
    if (result.outcome === 'found' && result.values.includes(expected)) {
      next = {
        status: 'verified',
        misses: 0,
        nextCheckAt: at(verifiedRecheckMs),
        lastCheckedAt: now,
        verifiedAt: row.status === 'verified' ? row.verifiedAt : now,
      }
    } else if (result.outcome === 'unreachable') {
      // Nothing learned: keep the status (a resolver outage must not take hosts down), retry soon.
      deps.logger.warn({ host: row.host, error: result.error }, 'custom domain: DNS lookup failed')
      next = {
        status: row.status,
        misses: row.misses + 1,
        nextCheckAt: at(retryDelay(row.misses + 1)),
        lastCheckedAt: row.lastCheckedAt,
        verifiedAt: row.verifiedAt,
      }
    } else {
      const givenUp = row.status === 'pending' && now.getTime() - row.createdAt.getTime() > pendingGiveUpMs
      next = {
        // A verified host whose record disappeared is no longer served.
        status: row.status === 'verified' || givenUp ? 'failed' : row.status,
        misses: row.misses + 1,
        nextCheckAt: at(retryDelay(row.misses + 1)),
        lastCheckedAt: now,
        verifiedAt: row.verifiedAt,
      }
    }
    return (await repo.recordCheck(row, next)) ?? (await repo.find(row.organizationId, row.id)) ?? row
  }

  /** The origin links of this organization use: its verified host, on the main address's scheme and port. */
  function originOf(host: string): string {
    const url = new URL(mainUrl.origin)
    url.hostname = host
    return url.origin
  }

  return {
    async list(userId: string, organizationId: string): Promise<CustomDomain[]> {
      await member(userId, organizationId, false)
      return (await repo.listByOrganization(organizationId)).map(toCustomDomain)
    },

    async create(userId: string, organizationId: string, input: string): Promise<CustomDomain> {
      await member(userId, organizationId, true)
      const host = normalizeCustomHost(input)
      if (!host || host === mainHost || host === 'localhost' || host.endsWith('.localhost')) {
        throw new AppError('domain_host_invalid', 400)
      }
      if ((await repo.countByOrganization(organizationId)) >= maxCustomDomainsPerOrganization) {
        throw new AppError('domain_limit', 409)
      }
      const row = await repo.insert({
        organizationId,
        host,
        token: randomBytes(24).toString('base64url'),
        status: 'pending',
        nextCheckAt: new Date(clock.now().getTime() + firstRetryMs),
      })
      if (!row) throw new AppError('domain_taken', 409)
      return toCustomDomain(row)
    },

    async remove(userId: string, organizationId: string, id: string): Promise<void> {
      await member(userId, organizationId, true)
      if (!(await repo.remove(organizationId, id))) throw new AppError('domain_not_found', 404)
    },

    /** "Check now": limited per organization (every check is a DNS query Ferry makes). */
    async checkNow(userId: string, organizationId: string, id: string): Promise<CustomDomain> {
      await member(userId, organizationId, true)
      const limit = await deps.rateLimiter.hit(`custom-domain-check:${organizationId}`, 30, 3600_000)
      if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds)
      const row = await repo.find(organizationId, id)
      if (!row) throw new AppError('domain_not_found', 404)
      return toCustomDomain(await check(row))
    },

    /** The periodic job: checks every host whose time came. Returns how many were checked. */
    async checkDue(limit = 100): Promise<number> {
      const due = await repo.due(clock.now(), limit)
      for (const row of due) await check(row)
      return due.length
    },

    /** What a request's Host header is: an ordinary host, or a custom one and whether it is served. */
    async standing(hostHeader: string): Promise<HostStanding> {
      const host = hostOnly(hostHeader)
      if (host === mainHost) return { kind: 'ordinary' }
      const row = await repo.findByHost(host)
      if (!row) return { kind: 'ordinary' }
      return row.status === 'verified'
        ? { kind: 'verified', organizationId: row.organizationId }
        : { kind: 'unverified' }
    },

    /** Caddy's `ask`: may this host get a certificate? The main host and verified custom hosts. */
    async mayHaveCertificate(domain: string): Promise<boolean> {
      const host = hostOnly(domain)
      if (host === mainHost) return true
      return (await repo.findByHost(host))?.status === 'verified'
    },

    /**
     * The organization a transfer (by its share id) belongs to: the one that owns it since its sender
     * was removed, else its sender's organization; null for none.
     */
    async organizationOfTransfer(uniqueId: string): Promise<string | null> {
      const owners = await repo.transferOwners(uniqueId)
      if (!owners) return null
      if (owners.organizationId) return owners.organizationId
      return owners.userId ? ((await organizations.membershipOf(owners.userId))?.organizationId ?? null) : null
    },

    async organizationOfRequestLink(requestId: string): Promise<string | null> {
      const owner = await repo.requestLinkOwner(requestId)
      return owner ? ((await organizations.membershipOf(owner))?.organizationId ?? null) : null
    },

    /** The organization of the request link an upload in progress is for; null for any other upload. */
    async organizationOfUpload(key: string): Promise<string | null> {
      const requestId = await repo.uploadRequestLink(key)
      const owner = requestId ? await repo.requestLinkOwner(requestId) : undefined
      return owner ? ((await organizations.membershipOf(owner))?.organizationId ?? null) : null
    },

    /**
     * The origin for links about what this user sends (share links, e-mails, request links): their
     * organization's verified host, else Ferry's own address.
     */
    async linkOrigin(userId: string | null | undefined): Promise<string> {
      if (!userId) return config.publicUrl
      const membership = await organizations.membershipOf(userId)
      const host = membership && (await repo.firstVerified(membership.organizationId))
      return host ? originOf(host) : config.publicUrl
    },

    /** The host name SFTP credentials show this user. */
    async sftpHost(userId: string): Promise<string> {
      const membership = await organizations.membershipOf(userId)
      return (membership && (await repo.firstVerified(membership.organizationId))) || config.sftp.host
    },
  }
}

export type CustomDomainsService = ReturnType<typeof createCustomDomainsService>
