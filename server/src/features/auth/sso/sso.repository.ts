import { and, eq, isNotNull, lt } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.js'
import { ssoConnections, ssoFlows, ssoIdentities } from '../../../db/schema/index.js'

export type SsoConnectionRow = typeof ssoConnections.$inferSelect
export type SsoFlowRow = typeof ssoFlows.$inferSelect

/** Queries of single sign-on: organizations' connections, linked identities, flows under way. No rules. */
export function createSsoRepository(db: DbExecutor) {
  return {
    async connectionOf(organizationId: string): Promise<SsoConnectionRow | undefined> {
      const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.organizationId, organizationId))
      return row
    },

    /** The connection serving an email domain, only once the domain is proven. */
    async verifiedConnectionForDomain(domain: string): Promise<SsoConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(ssoConnections)
        .where(and(eq(ssoConnections.emailDomain, domain), isNotNull(ssoConnections.domainVerifiedAt)))
      return row
    },

    async domainOwner(domain: string): Promise<string | undefined> {
      const [row] = await db
        .select({ organizationId: ssoConnections.organizationId })
        .from(ssoConnections)
        .where(eq(ssoConnections.emailDomain, domain))
      return row?.organizationId
    },

    /** Inserts or replaces the organization's connection; undefined when the domain is another's. */
    async upsertConnection(values: typeof ssoConnections.$inferInsert): Promise<SsoConnectionRow | undefined> {
      const { organizationId: _, ...changes } = values
      try {
        const [row] = await db
          .insert(ssoConnections)
          .values(values)
          .onConflictDoUpdate({ target: ssoConnections.organizationId, set: changes })
          .returning()
        return row
      } catch (error) {
        // The unique email domain of another organization.
        const e = error as { code?: string; cause?: { code?: string } }
        if (e.code === '23505' || e.cause?.code === '23505') return undefined
        throw error
      }
    },

    async markDomainVerified(organizationId: string, at: Date | null): Promise<SsoConnectionRow | undefined> {
      const [row] = await db
        .update(ssoConnections)
        .set({ domainVerifiedAt: at, updatedAt: new Date() })
        .where(eq(ssoConnections.organizationId, organizationId))
        .returning()
      return row
    },

    async removeConnection(organizationId: string): Promise<boolean> {
      const rows = await db
        .delete(ssoConnections)
        .where(eq(ssoConnections.organizationId, organizationId))
        .returning({ id: ssoConnections.organizationId })
      return rows.length > 0
    },

    async identityOwner(issuer: string, subject: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: ssoIdentities.userId })
        .from(ssoIdentities)
        .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)))
      return row?.userId
    },

    async linkIdentity(issuer: string, subject: string, userId: string): Promise<void> {
      await db.insert(ssoIdentities).values({ issuer, subject, userId }).onConflictDoNothing()
    },

    async insertFlow(values: SsoFlowRow): Promise<void> {
      await db.insert(ssoFlows).values(values)
    },

    /** Takes the flow of this state away: a second callback with it finds nothing. */
    async takeFlow(stateHash: string, now: Date): Promise<SsoFlowRow | undefined> {
      const [row] = await db.delete(ssoFlows).where(eq(ssoFlows.stateHash, stateHash)).returning()
      return row && row.expiresAt > now ? row : undefined
    },

    async sweepFlows(now: Date): Promise<number> {
      const rows = await db.delete(ssoFlows).where(lt(ssoFlows.expiresAt, now)).returning({ s: ssoFlows.stateHash })
      return rows.length
    },
  }
}
