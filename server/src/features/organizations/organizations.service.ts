import type {
  InvitableRole,
  MemberUsage,
  Organization,
  OrganizationBilling,
  OrganizationMember,
  OrganizationRole,
} from '@ferry/contracts/api/organizations'
import { usageViewerRoles } from '@ferry/contracts/api/organizations'
import type { Db } from '../../db/database.js'
import type { Deps } from '../../deps.js'
import { AppError, notFound } from '../../errors.js'
import type { SubscriptionSeats } from '../billing/subscription-seats.service.js'
import type { PlansService } from '../plans/plans.service.js'
import type { UserRecord } from '../users/users.types.js'
import { createOrganizationsRepository, type MemberRow, type OrganizationRow } from './organizations.repository.js'
import type { SeatsQueue } from './seats.js'

type OrganizationsDeps = Pick<Deps, 'clock' | 'database'>

/** What other features ask: the user's organization and role, or null. */
export interface Membership {
  organizationId: string
  role: OrganizationRole
}

/** Removes a deleted organization's files from the blob store after the deletion commits (branding's job). */
export interface OrganizationFilesQueue {
  requestRemoval(tx: Db, organizationId: string): Promise<void>
}

const forbidden = (detail: string) => new AppError('forbidden', 403, detail)

/**
 * Organizations with central billing (issue 22 item 1): who belongs, with which role, and what
 * each role may do. Every change of membership asks the seats job (seats.ts) to bring the owner's
 * subscription quantity in line, in the same transaction, so a payment-provider outage delays the
 * seat change but never loses it.
 */
export function createOrganizationsService(
  deps: OrganizationsDeps,
  {
    plans,
    seats,
    subscriptions,
    files,
  }: {
    plans: Pick<PlansService, 'planForUser' | 'get'>
    seats: SeatsQueue
    subscriptions: Pick<SubscriptionSeats, 'liveOf'>
    files: OrganizationFilesQueue
  },
) {
  const { clock } = deps
  const db = deps.database.db
  const repo = createOrganizationsRepository(db)

  async function toOrganization(row: OrganizationRow, myRole: OrganizationRole): Promise<Organization> {
    const owner = await repo.ownerOf(row.id)
    const plan = await plans.planForUser(owner ?? null)
    return {
      id: row.id,
      name: row.name,
      plan: { id: plan.id, name: plan.name },
      my_role: myRole,
      seats: Math.max(1, await repo.seats(row.id)),
      billing_email: row.billingEmail,
      created_at: row.createdAt.toISOString(),
    }
  }

  /** The caller's membership of `organizationId`, or 404 for anyone else (the organization's existence stays private). */
  async function membershipIn(user: UserRecord, organizationId: string): Promise<MemberRow> {
    const membership = await repo.membershipOf(user.id)
    if (!membership || membership.organizationId !== organizationId) throw notFound('Organization not found')
    return membership
  }

  /** The membership when its role is one of `roles`, else 403 (404 for non-members). */
  async function requireRole(
    user: UserRecord,
    organizationId: string,
    roles: readonly OrganizationRole[],
  ): Promise<MemberRow> {
    const membership = await membershipIn(user, organizationId)
    if (!roles.includes(membership.role)) throw forbidden('Your role in this organization does not allow this.')
    return membership
  }

  async function organizationOf(membership: MemberRow): Promise<Organization> {
    const row = await repo.find(membership.organizationId)
    if (!row) throw notFound('Organization not found')
    return toOrganization(row, membership.role)
  }

  function toMember(
    row: { userId: string; role: OrganizationRole; joinedAt: Date; email: string; name: string },
    usage: MemberUsage | null,
  ): OrganizationMember {
    return {
      user_id: row.userId,
      email: row.email,
      name: row.name,
      role: row.role,
      joined_at: row.joinedAt.toISOString(),
      usage,
    }
  }

  async function usageByMember(organizationId: string): Promise<Map<string, MemberUsage>> {
    const now = clock.now()
    // Monthly data counts from the first of the calendar month (UTC), as the plan's monthly limit does.
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
    const rows = await repo.usage(organizationId, now, monthStart)
    return new Map(
      rows.map((r) => [
        r.userId,
        { transfers: r.transfers, bytes_stored: r.bytesStored, monthly_bytes: r.monthlyBytes },
      ]),
    )
  }

  return {
    /** The user's organization and role, or null: for other features (branding, domains, limits). */
    async membershipOf(userId: string): Promise<Membership | null> {
      const row = await repo.membershipOf(userId)
      return row ? { organizationId: row.organizationId, role: row.role } : null
    },

    /** The caller's role in `organizationId` when it is one of `roles`; 404 for non-members, 403 for other roles. */
    async requireRole(user: UserRecord, organizationId: string, roles: readonly OrganizationRole[]) {
      const membership = await requireRole(user, organizationId, roles)
      return { organizationId: membership.organizationId, role: membership.role } satisfies Membership
    },

    /**
     * Adds a user (who belongs to no organization) as a member, and a seat: invitations accept
     * through here, and so do the test kits. 409 `already_in_organization` otherwise.
     */
    async addMember(organizationId: string, userId: string, role: InvitableRole, tx?: Db): Promise<void> {
      const run = async (executor: Db) => {
        const inTx = createOrganizationsRepository(executor)
        if (!(await inTx.find(organizationId, { lock: true }))) throw notFound('Organization not found')
        if (await inTx.membershipOf(userId)) throw new AppError('already_in_organization', 409)
        await inTx.insertMember({ organizationId, userId, role }, clock.now())
        await seats.request(executor, organizationId)
      }
      await (tx ? run(tx) : db.transaction(run))
    },

    /** POST /api/organizations: the route's plan guard has checked `central_billing`. */
    async create(user: UserRecord, name: string): Promise<Organization> {
      const now = clock.now()
      const row = await db.transaction(async (tx) => {
        const inTx = createOrganizationsRepository(tx)
        if (await inTx.membershipOf(user.id)) throw new AppError('already_in_organization', 409)
        const created = await inTx.insert({ name, billingEmail: user.email }, now)
        await inTx.insertMember({ organizationId: created.id, userId: user.id, role: 'owner' }, now)
        await seats.request(tx, created.id)
        return created
      })
      return toOrganization(row, 'owner')
    },

    async current(user: UserRecord): Promise<Organization | null> {
      const membership = await repo.membershipOf(user.id)
      return membership ? organizationOf(membership) : null
    },

    async get(user: UserRecord, organizationId: string): Promise<Organization> {
      return organizationOf(await membershipIn(user, organizationId))
    },

    /** PATCH: the name by owner or admin, the billing contact by owner or billing. */
    async update(
      user: UserRecord,
      organizationId: string,
      patch: { name?: string | undefined; billing_email?: string | undefined },
    ): Promise<Organization> {
      const membership = await membershipIn(user, organizationId)
      if (patch.name !== undefined && !['owner', 'admin'].includes(membership.role)) {
        throw forbidden('Only the owner or an admin can rename the organization.')
      }
      if (patch.billing_email !== undefined && !['owner', 'billing'].includes(membership.role)) {
        throw forbidden('Only the owner or the billing contact can change the billing email.')
      }
      await repo.update(
        organizationId,
        {
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.billing_email !== undefined ? { billingEmail: patch.billing_email.trim().toLowerCase() } : {}),
        },
        clock.now(),
      )
      return organizationOf(membership)
    },

    /**
     * DELETE (owner): members go back to their own plans; the organization's transfers to the owner;
     * its background files are queued for removal from the blob store in the same transaction.
     */
    async delete(user: UserRecord, organizationId: string): Promise<void> {
      await requireRole(user, organizationId, ['owner'])
      await db.transaction(async (tx) => {
        const inTx = createOrganizationsRepository(tx)
        await files.requestRemoval(tx, organizationId)
        await inTx.returnTransfersTo(organizationId, user.id)
        await inTx.delete(organizationId)
        await seats.requestForOwner(tx, user.id)
      })
    },

    /** GET members: usage only for owner, admin and billing. */
    async members(user: UserRecord, organizationId: string): Promise<OrganizationMember[]> {
      const membership = await membershipIn(user, organizationId)
      const rows = await repo.members(organizationId)
      const usage = usageViewerRoles.includes(membership.role) ? await usageByMember(organizationId) : null
      const none: MemberUsage = { transfers: 0, bytes_stored: 0, monthly_bytes: 0 }
      return rows.map((row) => toMember(row, usage ? (usage.get(row.userId) ?? none) : null))
    },

    /**
     * PATCH a member's role (owner, admin). Only the owner gives `owner`: ownership is handed over,
     * the old owner becomes admin, and the subscription that pays for the seats moves with it.
     */
    async updateMember(
      user: UserRecord,
      organizationId: string,
      targetId: string,
      role: OrganizationRole,
    ): Promise<OrganizationMember> {
      const membership = await requireRole(user, organizationId, ['owner', 'admin'])
      await db.transaction(async (tx) => {
        const inTx = createOrganizationsRepository(tx)
        await inTx.find(organizationId, { lock: true })
        const target = await inTx.member(organizationId, targetId)
        if (!target) throw notFound('This person is not a member of the organization.')
        if (target.role === role) return
        if (role === 'owner') {
          if (membership.role !== 'owner') throw forbidden('Only the owner can hand ownership over.')
          await seats.moveSubscription(tx, user.id, targetId)
          await inTx.setRole(organizationId, user.id, 'admin')
          await inTx.setRole(organizationId, targetId, 'owner')
          await seats.request(tx, organizationId)
          return
        }
        if (target.role === 'owner') throw new AppError('last_owner', 409)
        await inTx.setRole(organizationId, targetId, role as InvitableRole)
      })
      const updated = await repo.member(organizationId, targetId)
      if (!updated) throw notFound('This person is not a member of the organization.')
      const usage = usageViewerRoles.includes(role === 'owner' && targetId !== user.id ? 'admin' : membership.role)
        ? ((await usageByMember(organizationId)).get(targetId) ?? { transfers: 0, bytes_stored: 0, monthly_bytes: 0 })
        : null
      return toMember(updated, usage)
    },

    /**
     * DELETE a member: owner and admin remove anyone but the owner; anyone removes themself (leave).
     * The member's transfers become the organization's (reachable until they expire); a seat goes.
     */
    async removeMember(user: UserRecord, organizationId: string, targetId: string): Promise<void> {
      const membership = await membershipIn(user, organizationId)
      const self = targetId === user.id
      if (!self && !['owner', 'admin'].includes(membership.role)) {
        throw forbidden('Only the owner or an admin can remove members.')
      }
      await db.transaction(async (tx) => {
        const inTx = createOrganizationsRepository(tx)
        await inTx.find(organizationId, { lock: true })
        const target = await inTx.member(organizationId, targetId)
        if (!target) throw notFound('This person is not a member of the organization.')
        if (target.role === 'owner') throw new AppError('owner_cannot_leave', 409)
        await inTx.moveTransfersToOrganization(targetId, organizationId)
        await inTx.deleteMember(organizationId, targetId)
        await seats.request(tx, organizationId)
      })
    },

    /**
     * GET billing (owner, admin, billing): the owner's live subscription with the members as seats;
     * `amount_cents` is what the next period costs (seat price × seats), whether or not the seats job
     * has told the provider yet. 404 `subscription_not_found` when the owner pays for nothing.
     */
    async billing(user: UserRecord, organizationId: string): Promise<OrganizationBilling> {
      await requireRole(user, organizationId, ['owner', 'admin', 'billing'])
      const row = await repo.find(organizationId)
      const owner = await repo.ownerOf(organizationId)
      const live = owner ? await subscriptions.liveOf(owner) : undefined
      if (!row || !live) throw new AppError('subscription_not_found', 404)
      const plan = await plans.get(live.planId)
      const members = Math.max(1, await repo.seats(organizationId))
      const seatPrice = live.amountCents === null ? null : Math.round(live.amountCents / live.quantity)
      return {
        plan: { id: plan.id, name: plan.name },
        interval: live.interval,
        seats: members,
        seat_price_cents: seatPrice,
        amount_cents: seatPrice === null ? null : seatPrice * members,
        currency: 'eur',
        provider: live.provider,
        status: live.status,
        next_billing_date: live.nextBillingDate?.toISOString() ?? null,
        billing_email: row.billingEmail,
      }
    },
  }
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>
