import { planIds } from '@ferry/contracts/api/plans'
import type { Role } from '@ferry/contracts/api/users'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbExecutor } from '../../db/database.js'
import { liveSubscriptionStatuses, organizationMembers, plans, subscriptions, users } from '../../db/schema/index.js'

/** The owner of the user's organization, and the owner's live subscription (issue 22). */
const orgOwner = alias(organizationMembers, 'org_owner')
const ownerSubscription = alias(subscriptions, 'owner_subscription')
const live = (status: typeof subscriptions.status | typeof ownerSubscription.status) =>
  inArray(status, [...liveSubscriptionStatuses])

/**
 * The plan of a user with no live subscription, by role: Guest for FREE users (product.md §1),
 * Pro for ADMIN and for PREMIUM set by an admin without a subscription. Visitors get Guest.
 */
export const planIdByRole: Readonly<Record<Role, string>> = {
  FREE: planIds.guest,
  PREMIUM: planIds.pro,
  ADMIN: planIds.pro,
}

/** planIdByRole as SQL over `users.role`, so the plan that applies is found in the same query. */
const rolePlanId = sql<string>`case ${users.role} ${sql.join(
  Object.entries(planIdByRole).map(([role, id]) => sql`when ${role} then ${id}`),
  sql` `,
)} else ${planIds.guest} end`

/** The plan row that applies to the user (aliased: the query also reads `plans` by id elsewhere). */
const appliedPlan = alias(plans, 'applied_plan')

export type PlanRow = typeof plans.$inferSelect
export type PlanRowPatch = Partial<Omit<typeof plans.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>>

/** Queries on the plans table; no rules. */
export function createPlansRepository(db: DbExecutor) {
  let sourceQuery: ReturnType<typeof planSourceQuery> | undefined
  return {
    async list(options: { activeOnly: boolean }): Promise<PlanRow[]> {
      const query = db.select().from(plans)
      const filtered = options.activeOnly ? query.where(eq(plans.isActive, true)) : query
      return filtered.orderBy(asc(plans.sortOrder), asc(plans.id))
    },

    async findById(id: string): Promise<PlanRow | undefined> {
      const [row] = await db.select().from(plans).where(eq(plans.id, id))
      return row
    },

    /**
     * The user's role, their subscription's plan id (null without one) and the plan row that
     * applies to them (by subscription, else by role; null if that plan is missing); undefined
     * for no such user. A member of an organization gets the plan of the owner's live subscription (issue 22:
     * central billing); anyone else, or a member whose owner has none, their own live subscription's.
     * This is the one place plans are resolved, so every limit and flag check follows it.
     */
    async planSourceOf(userId: string) {
      // Prepared once per executor: drizzle building this seven-table join took a third of a
      // share view's CPU (bench:api profile, issue 24 item 6).
      sourceQuery ??= planSourceQuery(db)
      const [row] = await sourceQuery.execute({ userId })
      return row
    },

    async update(id: string, patch: PlanRowPatch): Promise<PlanRow | undefined> {
      const [row] = await db
        .update(plans)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(plans.id, id))
        .returning()
      return row
    },
  }
}

export type PlansRepository = ReturnType<typeof createPlansRepository>

/** planSourceOf's statement, for `userId`. */
function planSourceQuery(db: DbExecutor) {
  return (
    db
      .select({
        role: users.role,
        subscriptionPlanId: sql<string | null>`coalesce(${ownerSubscription.planId}, ${subscriptions.planId})`,
        organizationId: organizationMembers.organizationId,
        plan: appliedPlan,
      })
      .from(users)
      .leftJoin(organizationMembers, eq(organizationMembers.userId, users.id))
      .leftJoin(
        orgOwner,
        and(eq(orgOwner.organizationId, organizationMembers.organizationId), eq(orgOwner.role, 'owner')),
      )
      .leftJoin(ownerSubscription, and(eq(ownerSubscription.userId, orgOwner.userId), live(ownerSubscription.status)))
      .leftJoin(subscriptions, and(eq(subscriptions.userId, users.id), live(subscriptions.status)))
      // In the same round trip: the share page reads a sender's plan on every view (issue 24 item 6).
      .leftJoin(
        appliedPlan,
        eq(appliedPlan.id, sql`coalesce(${ownerSubscription.planId}, ${subscriptions.planId}, ${rolePlanId})`),
      )
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('plan_source_of')
  )
}
