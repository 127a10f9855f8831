import { and, asc, count, eq, lte } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.js'
import { customDomains, pendingUploads, requestLinks, transfers } from '../../db/schema/index.js'

export type CustomDomainRow = typeof customDomains.$inferSelect

/** Queries of custom domains, and the two owner look-ups the host gate needs. No rules. */
export function createCustomDomainsRepository(db: DbExecutor) {
  return {
    async insert(values: typeof customDomains.$inferInsert): Promise<CustomDomainRow | undefined> {
      const [row] = await db.insert(customDomains).values(values).onConflictDoNothing().returning()
      return row
    },

    listByOrganization(organizationId: string): Promise<CustomDomainRow[]> {
      return db
        .select()
        .from(customDomains)
        .where(eq(customDomains.organizationId, organizationId))
        .orderBy(asc(customDomains.createdAt), asc(customDomains.host))
    },

    async countByOrganization(organizationId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(customDomains)
        .where(eq(customDomains.organizationId, organizationId))
      return row?.n ?? 0
    },

    async find(organizationId: string, id: string): Promise<CustomDomainRow | undefined> {
      const [row] = await db
        .select()
        .from(customDomains)
        .where(and(eq(customDomains.id, id), eq(customDomains.organizationId, organizationId)))
      return row
    },

    async findByHost(host: string): Promise<CustomDomainRow | undefined> {
      const [row] = await db.select().from(customDomains).where(eq(customDomains.host, host))
      return row
    },

    /** The organization's first verified host: the one its links use. */
    async firstVerified(organizationId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ host: customDomains.host })
        .from(customDomains)
        .where(and(eq(customDomains.organizationId, organizationId), eq(customDomains.status, 'verified')))
        .orderBy(asc(customDomains.verifiedAt), asc(customDomains.host))
        .limit(1)
      return row?.host
    },

    async remove(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(customDomains)
        .where(and(eq(customDomains.id, id), eq(customDomains.organizationId, organizationId)))
        .returning({ id: customDomains.id })
      return rows.length > 0
    },

    /** Hosts whose next check is due, the longest-waiting first. */
    due(now: Date, limit: number): Promise<CustomDomainRow[]> {
      return db
        .select()
        .from(customDomains)
        .where(lte(customDomains.nextCheckAt, now))
        .orderBy(asc(customDomains.nextCheckAt))
        .limit(limit)
    },

    /**
     * Records a check's result, only if nobody recorded one since `seenCheckAt` was read (a
     * "check now" racing the periodic job): the later of the two simply does nothing.
     */
    async recordCheck(
      row: CustomDomainRow,
      values: Pick<CustomDomainRow, 'status' | 'misses' | 'nextCheckAt' | 'lastCheckedAt' | 'verifiedAt'>,
    ): Promise<CustomDomainRow | undefined> {
      const [updated] = await db
        .update(customDomains)
        .set(values)
        .where(and(eq(customDomains.id, row.id), eq(customDomains.nextCheckAt, row.nextCheckAt)))
        .returning()
      return updated
    },

    /** A transfer's sender, and the organization that owns it once its sender left (null otherwise). */
    async transferOwners(
      uniqueId: string,
    ): Promise<{ userId: string | null; organizationId: string | null } | undefined> {
      const [row] = await db
        .select({ userId: transfers.userId, organizationId: transfers.organizationId })
        .from(transfers)
        .where(eq(transfers.uniqueId, uniqueId))
      return row
    },

    async requestLinkOwner(requestId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: requestLinks.userId })
        .from(requestLinks)
        .where(eq(requestLinks.id, requestId))
      return row?.userId
    },

    /** The request link an upload in progress is for (null: a sender's own upload). */
    async uploadRequestLink(key: string): Promise<string | null | undefined> {
      const [row] = await db
        .select({ requestId: pendingUploads.requestId })
        .from(pendingUploads)
        .where(eq(pendingUploads.key, key))
      return row?.requestId
    },
  }
}
