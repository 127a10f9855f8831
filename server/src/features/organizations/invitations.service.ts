import { createHash, randomBytes } from 'node:crypto'
import {
  type InvitableRole,
  type InvitationInspectResponse,
  invitationLifetimeDays,
  type OrganizationInvitation,
  organizationJoinPagePath,
} from '@ferry/contracts/api/organizations'
import { normaliseEmail } from '@ferry/contracts/api/users'
import type { Deps } from '../../deps.js'
import { AppError, notFound, RateLimitedError } from '../../errors.js'
import type { UsersService } from '../users/users.service.js'
import type { UserRecord } from '../users/users.types.js'
import { invitationMail } from './organizations.emails.js'
import { createOrganizationsRepository, type InvitationRow } from './organizations.repository.js'
import type { OrganizationsService } from './organizations.service.js'

type InvitationsDeps = Pick<Deps, 'config' | 'clock' | 'database' | 'mailer' | 'rateLimiter' | 'logger'>

/** Invitations one organization may send per hour (the shared limiter, so across instances). */
export const invitationsPerHour = 30
const hour = 3600_000
const lifetimeMs = invitationLifetimeDays * 24 * hour

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

function toInvitation(row: InvitationRow): OrganizationInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  }
}

/**
 * Invitations by email (issue 22): a 256-bit token in the link's fragment (never in a URL the
 * server sees), stored as its SHA-256, valid for 7 days, accepted once by the invited address.
 * The shared rate limiter counts invitations per organization, and lookups per client address
 * before any token is hashed or read.
 */
export function createInvitationsService(
  deps: InvitationsDeps,
  {
    organizations,
    users,
  }: {
    organizations: Pick<OrganizationsService, 'requireRole' | 'addMember'>
    users: Pick<UsersService, 'findCredentialsByEmail'>
  },
) {
  const { clock, rateLimiter, config } = deps
  const db = deps.database.db
  const repo = createOrganizationsRepository(db)

  async function limit(key: string, max: number, windowMs: number): Promise<void> {
    const result = await rateLimiter.hit(key, max, windowMs)
    if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds)
  }

  /** The invitation behind a token: 404 unknown, 410 expired; limited per address first. */
  async function byToken(token: string, clientIp: string, options: { lock?: boolean; executor?: typeof db } = {}) {
    await limit(`org-invite:ip:${clientIp}`, config.authRateLimit.perIp, config.authRateLimit.windowMs)
    const found = await createOrganizationsRepository(options.executor ?? db).invitationByHash(
      hashToken(token),
      options,
    )
    if (!found) throw new AppError('invitation_not_found', 404)
    if (found.invitation.expiresAt.getTime() <= clock.now().getTime()) throw new AppError('invitation_expired', 410)
    return found
  }

  return {
    async list(user: UserRecord, organizationId: string): Promise<OrganizationInvitation[]> {
      await organizations.requireRole(user, organizationId, ['owner', 'admin'])
      return (await repo.invitations(organizationId)).map(toInvitation)
    },

    /** POST: emails the invitee a join link (their language when they have an account, else the inviter's). */
    async invite(
      user: UserRecord,
      organizationId: string,
      input: { email: string; role: InvitableRole },
    ): Promise<OrganizationInvitation> {
      await organizations.requireRole(user, organizationId, ['owner', 'admin'])
      const email = normaliseEmail(input.email)
      const now = clock.now()
      const token = randomBytes(32).toString('base64url')
      const invitee = await users.findCredentialsByEmail(email)
      const { row, organizationName } = await db.transaction(async (tx) => {
        const inTx = createOrganizationsRepository(tx)
        const organization = await inTx.find(organizationId, { lock: true })
        if (!organization) throw notFound('Organization not found')
        if (invitee) {
          const membership = await inTx.membershipOf(invitee.id)
          if (membership?.organizationId === organizationId) throw new AppError('already_member', 409)
        }
        const pending = await inTx.invitationFor(organizationId, email)
        if (pending && pending.expiresAt.getTime() > now.getTime()) throw new AppError('invitation_pending', 409)
        if (pending) await inTx.deleteInvitation(organizationId, pending.id) // expired: replaced
        await limit(`org-invite:org:${organizationId}`, invitationsPerHour, hour)
        const created = await inTx.insertInvitation({
          organizationId,
          email,
          role: input.role,
          tokenHash: hashToken(token),
          invitedBy: user.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + lifetimeMs),
        })
        return { row: created, organizationName: organization.name }
      })
      const link = `${config.publicUrl}${organizationJoinPagePath}#token=${encodeURIComponent(token)}`
      await deps.mailer.send(
        invitationMail(
          {
            to: email,
            inviter: user.name,
            organization: organizationName,
            role: input.role,
            link,
            expiresAt: row.expiresAt,
          },
          invitee?.language ?? user.language,
        ),
      )
      return toInvitation(row)
    },

    async revoke(user: UserRecord, organizationId: string, invitationId: string): Promise<void> {
      await organizations.requireRole(user, organizationId, ['owner', 'admin'])
      if (!(await repo.deleteInvitation(organizationId, invitationId))) {
        throw new AppError('invitation_not_found', 404)
      }
    },

    async inspect(token: string, clientIp: string): Promise<InvitationInspectResponse> {
      const found = await byToken(token, clientIp)
      return {
        organization_name: found.organizationName,
        email: found.invitation.email,
        role: found.invitation.role,
        inviter_name: found.inviterName ?? '',
      }
    },

    /** Joins with the invitation: only the invited address, and only outside any organization. */
    async accept(user: UserRecord, token: string, clientIp: string): Promise<{ organization_id: string }> {
      return db.transaction(async (tx) => {
        const found = await byToken(token, clientIp, { lock: true, executor: tx })
        if (normaliseEmail(user.email) !== found.invitation.email) throw new AppError('invitation_email_mismatch', 403)
        const { organizationId } = found.invitation
        await organizations.addMember(organizationId, user.id, found.invitation.role, tx)
        await createOrganizationsRepository(tx).deleteInvitation(organizationId, found.invitation.id)
        return { organization_id: organizationId }
      })
    },
  }
}

export type InvitationsService = ReturnType<typeof createInvitationsService>
