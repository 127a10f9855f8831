import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.js'
import {
  type OrganizationRoleValue,
  organizationInvitations,
  organizationMembers,
  organizations,
  transfers,
  users,
} from '../../db/schema/index.js'

export type OrganizationRow = typeof organizations.$inferSelect
export type MemberRow = typeof organizationMembers.$inferSelect
export type InvitationRow = typeof organizationInvitations.$inferSelect

/** A member with the account's address and name. */
const memberColumns = {
  userId: organizationMembers.userId,
  role: organizationMembers.role,
  joinedAt: organizationMembers.joinedAt,
  email: users.email,
  name: users.name,
}

/** Queries on organizations, their members and invitations; no rules. */
export function createOrganizationsRepository(db: DbExecutor) {
  return {
    async insert(row: { name: string; billingEmail: string }, at: Date): Promise<OrganizationRow> {
      const [created] = await db
        .insert(organizations)
        .values({ ...row, createdAt: at, updatedAt: at })
        .returning()
      return created!
    },

    async find(id: string, options: { lock?: boolean } = {}): Promise<OrganizationRow | undefined> {
      const query = db.select().from(organizations).where(eq(organizations.id, id))
      const [row] = await (options.lock ? query.for('update') : query)
      return row
    },

    async update(id: string, patch: { name?: string; billingEmail?: string }, at: Date) {
      await db
        .update(organizations)
        .set({ ...patch, updatedAt: at })
        .where(eq(organizations.id, id))
    },

    async delete(id: string) {
      await db.delete(organizations).where(eq(organizations.id, id))
    },

    /** The user's membership, if any (a user belongs to at most one organization). */
    async membershipOf(userId: string): Promise<MemberRow | undefined> {
      const [row] = await db.select().from(organizationMembers).where(eq(organizationMembers.userId, userId))
      return row
    },

    async insertMember(row: { organizationId: string; userId: string; role: OrganizationRoleValue }, at: Date) {
      await db.insert(organizationMembers).values({ ...row, joinedAt: at })
    },

    async setRole(organizationId: string, userId: string, role: OrganizationRoleValue) {
      await db
        .update(organizationMembers)
        .set({ role })
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
    },

    async deleteMember(organizationId: string, userId: string) {
      await db
        .delete(organizationMembers)
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
    },

    async ownerOf(organizationId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: organizationMembers.userId })
        .from(organizationMembers)
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.role, 'owner')))
      return row?.userId
    },

    async seats(organizationId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(organizationMembers)
        .where(eq(organizationMembers.organizationId, organizationId))
      return row?.n ?? 0
    },

    /** The members with their accounts, the owner first, then by joining. */
    async members(organizationId: string) {
      return db
        .select(memberColumns)
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .where(eq(organizationMembers.organizationId, organizationId))
        .orderBy(sql`${organizationMembers.role} = 'owner' desc`, asc(organizationMembers.joinedAt))
    },

    async member(organizationId: string, userId: string) {
      const [row] = await db
        .select(memberColumns)
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
      return row
    },

    /**
     * Usage per member of the organization: live transfers (not deleted, not expired at `now`),
     * their bytes, and bytes sent since `monthStart` (the plan's monthly data).
     */
    async usage(organizationId: string, now: Date, monthStart: Date) {
      return db
        .select({
          userId: organizationMembers.userId,
          transfers:
            sql<number>`count(*) filter (where ${transfers.deletedAt} is null and ${transfers.expiresAt} > ${now})`.mapWith(
              Number,
            ),
          bytesStored:
            sql<number>`coalesce(sum(${transfers.totalSize}) filter (where ${transfers.deletedAt} is null and ${transfers.expiresAt} > ${now}), 0)`.mapWith(
              Number,
            ),
          monthlyBytes:
            sql<number>`coalesce(sum(${transfers.totalSize}) filter (where ${transfers.createdAt} >= ${monthStart}), 0)`.mapWith(
              Number,
            ),
        })
        .from(organizationMembers)
        .leftJoin(transfers, eq(transfers.userId, organizationMembers.userId))
        .where(eq(organizationMembers.organizationId, organizationId))
        .groupBy(organizationMembers.userId)
    },

    /**
     * A removed member's transfers become the organization's: the sender is cleared (so they leave
     * the member's list and every owner check) and the organization owns them until they expire.
     */
    async moveTransfersToOrganization(userId: string, organizationId: string): Promise<number> {
      const moved = await db
        .update(transfers)
        .set({ userId: null, organizationId })
        .where(eq(transfers.userId, userId))
        .returning({ id: transfers.id })
      return moved.length
    },

    /** On deletion: the organization's transfers go back to its owner. */
    async returnTransfersTo(organizationId: string, userId: string) {
      await db
        .update(transfers)
        .set({ userId, organizationId: null })
        .where(eq(transfers.organizationId, organizationId))
    },

    // Invitations

    async insertInvitation(row: typeof organizationInvitations.$inferInsert): Promise<InvitationRow> {
      const [created] = await db.insert(organizationInvitations).values(row).returning()
      return created!
    },

    async invitations(organizationId: string): Promise<InvitationRow[]> {
      return db
        .select()
        .from(organizationInvitations)
        .where(eq(organizationInvitations.organizationId, organizationId))
        .orderBy(desc(organizationInvitations.createdAt))
    },

    async invitationFor(organizationId: string, email: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(organizationInvitations)
        .where(
          and(eq(organizationInvitations.organizationId, organizationId), eq(organizationInvitations.email, email)),
        )
      return row
    },

    async invitationByHash(tokenHash: string, options: { lock?: boolean } = {}) {
      const query = db
        .select({ invitation: organizationInvitations, organizationName: organizations.name, inviterName: users.name })
        .from(organizationInvitations)
        .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
        .leftJoin(users, eq(users.id, organizationInvitations.invitedBy))
        .where(eq(organizationInvitations.tokenHash, tokenHash))
      const [row] = await (options.lock ? query.for('update', { of: organizationInvitations }) : query)
      return row
    },

    async deleteInvitation(organizationId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(organizationInvitations)
        .where(and(eq(organizationInvitations.organizationId, organizationId), eq(organizationInvitations.id, id)))
        .returning({ id: organizationInvitations.id })
      return deleted.length > 0
    },
  }
}

export type OrganizationsRepository = ReturnType<typeof createOrganizationsRepository>
