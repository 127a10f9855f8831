import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbExecutor } from '../../db/database.js'
import { liveSubscriptionStatuses, organizationMembers, plans, subscriptions, users } from '../../db/schema/index.js'

/** The owner of the user's organization, and the owner's live subscription (issue 22). */
const orgOwner = alias(organizationMembers, 'org_owner')
const ownerSubscription = alias(subscriptions, 'owner_subscription')
const live = (status: typeof subscriptions.status | typeof ownerSubscription.status) =>
  inArray(status, [...liveSubscriptionStatuses])

export type PlanRow = typeof plans.$inferSelect
export type PlanRowPatch = Partial<Omit<typeof plans.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>>

/** Queries on the plans table; no rules. */
export function createPlansRepository(db: DbExecutor) {
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
     * The user's role and the plan that applies to them (null without one); undefined for no such
     * user. A member of an organization gets the plan of the owner's live subscription (issue 22:
     * central billing); anyone else, or a member whose owner has none, their own live subscription's.
     * This is the one place plans are resolved, so every limit and flag check follows it.
     */
    async planSourceOf(userId: string) {
      const [row] = await db
        .select({
          role: users.role,
          subscriptionPlanId: sql<string | null>`coalesce(${ownerSubscription.planId}, ${subscriptions.planId})`,
          organizationId: organizationMembers.organizationId,
        })
        .from(users)
        .leftJoin(organizationMembers, eq(organizationMembers.userId, users.id))
        .leftJoin(
          orgOwner,
          and(eq(orgOwner.organizationId, organizationMembers.organizationId), eq(orgOwner.role, 'owner')),
        )
        .leftJoin(ownerSubscription, and(eq(ownerSubscription.userId, orgOwner.userId), live(ownerSubscription.status)))
        .leftJoin(subscriptions, and(eq(subscriptions.userId, users.id), live(subscriptions.status)))
        .where(eq(users.id, userId))
        .limit(1)
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
