import { type Plan, planIds } from '@ferry/contracts/api/plans'
import type { Role } from '@ferry/contracts/api/users'
import { limitsFor, type PlanLimits } from '@ferry/contracts/domain/plan-limits'
import type { Db, DbExecutor } from '../../db/database.js'
import { notFound } from '../../errors.js'
import { toAdminPlan, toPlan } from './plan-mapping.js'
import { createPlansRepository, type PlanRow, type PlanRowPatch, planIdByRole } from './plans.repository.js'

export type { PlanRow } from './plans.repository.js'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The plan id of a user of `role` who has no live subscription (planIdByRole); Guest for visitors. */
export function planIdForRole(role: Role | null): string {
  return role ? planIdByRole[role] : planIds.guest
}

/**
 * Plans as data (product.md §1): every limit and feature check reads a plan from here.
 * Built once in composition.ts and handed to the features that read plans.
 */
export function createPlansService(deps: { database: { db: Db } }) {
  const repo = createPlansRepository(deps.database.db)

  async function get(id: string): Promise<Plan> {
    const row = await repo.findById(id)
    if (!row) throw notFound('Plan not found')
    return toPlan(row)
  }

  /** The plan of a user of this role (null = a visitor); inactive plans still apply to their users. */
  function planForRole(role: Role | null): Promise<Plan> {
    return get(planIdForRole(role))
  }

  /**
   * planForUser and the user's organization (null for none) in one query: what a share page
   * needs of its sender on every view (their plan's flags, their organization's branding).
   */
  async function planAndOrganizationOf(userId: string | null): Promise<{ plan: Plan; organizationId: string | null }> {
    const source = userId && uuidPattern.test(userId) ? await repo.planSourceOf(userId) : undefined
    const organizationId = source?.organizationId ?? null
    if (source?.plan) return { plan: toPlan(source.plan), organizationId }
    // No such user (Guest), or a plan that is gone (404, as before).
    const plan = source?.subscriptionPlanId
      ? await get(source.subscriptionPlanId)
      : await planForRole(source?.role ?? null)
    return { plan, organizationId }
  }

  return {
    /**
     * The stored plan, prices in integer cents (what billing charges), or undefined; read in the
     * caller's transaction when `db` is given (billing's fulfilment, referral rewards).
     */
    findStored(id: string, db: DbExecutor = deps.database.db): Promise<PlanRow | undefined> {
      return createPlansRepository(db).findById(id)
    },

    /** The stored plan whose limits apply to the user (as planForUser); undefined for no such user. */
    async findStoredForUser(userId: string, db: DbExecutor = deps.database.db): Promise<PlanRow | undefined> {
      const plansIn = createPlansRepository(db)
      const source = await plansIn.planSourceOf(userId)
      return source && (source.plan ?? undefined)
    },

    /** Plans in display order; `activeOnly` leaves out deactivated ones. */
    async list(options: { activeOnly?: boolean } = {}): Promise<Plan[]> {
      const rows = await repo.list({ activeOnly: options.activeOnly ?? false })
      return rows.map(toPlan)
    },

    /** The plan, or AppError not_found (404). */
    get,

    planForRole,

    /**
     * The plan whose limits apply to this user: their live subscription's plan, else by role
     * (`planIdForRole`); null (a visitor) or an unknown id gets Guest.
     */
    async planForUser(userId: string | null): Promise<Plan> {
      return (await planAndOrganizationOf(userId)).plan
    },

    planAndOrganizationOf,

    /** A plan's limits in bytes and hours (null = unlimited); the same maths the web uses. */
    limitsFor(plan: Plan): PlanLimits {
      return limitsFor(plan)
    },

    /** Every plan with its stored cents, inactive ones included (admin view). */
    async listForAdmin() {
      const rows = await repo.list({ activeOnly: false })
      return rows.map(toAdminPlan)
    },

    /** An admin's change; the plan with its stored cents, or AppError not_found (404). */
    async updateForAdmin(id: string, patch: PlanRowPatch) {
      const row = await repo.update(id, patch)
      if (!row) throw notFound('Plan not found')
      return toAdminPlan(row)
    },

    /** Changes stored fields of a plan (admin edits, tests); AppError not_found (404) when unknown. */
    async update(id: string, patch: PlanRowPatch): Promise<Plan> {
      const row = await repo.update(id, patch)
      if (!row) throw notFound('Plan not found')
      return toPlan(row)
    },
  }
}

export type PlansService = ReturnType<typeof createPlansService>
