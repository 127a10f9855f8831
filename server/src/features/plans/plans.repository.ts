import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.js'
import { liveSubscriptionStatuses, plans, subscriptions, users } from '../../db/schema/index.js'

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

    /** The user's role and the plan of their live subscription (null without one); undefined for no such user. */
    async planSourceOf(userId: string) {
      const [row] = await db
        .select({ role: users.role, subscriptionPlanId: subscriptions.planId })
        .from(users)
        .leftJoin(
          subscriptions,
          and(eq(subscriptions.userId, users.id), inArray(subscriptions.status, [...liveSubscriptionStatuses])),
        )
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
