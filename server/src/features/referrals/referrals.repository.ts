import { and, asc, desc, eq, isNotNull, isNull, lte } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/database.js'
import { type PayoutStatus, referrals, users } from '../../db/schema/index.js'

export type ReferralRow = typeof referrals.$inferSelect
export type ReferralPatch = Partial<Omit<typeof referrals.$inferInsert, 'id' | 'inviteCode' | 'inviterUserId'>>

const invited = alias(users, 'invited')

/** Queries on referrals; no rules. */
export function createReferralsRepository(db: Db) {
  return {
    /** Inserts a code; undefined when the code is taken (the caller draws another). */
    async insert(inviterUserId: string, inviteCode: string, at: Date): Promise<ReferralRow | undefined> {
      const [row] = await db
        .insert(referrals)
        .values({ inviterUserId, inviteCode, createdAt: at })
        .onConflictDoNothing({ target: referrals.inviteCode })
        .returning()
      return row
    },

    async findByCode(code: string, options: { lock?: boolean } = {}): Promise<ReferralRow | undefined> {
      const query = db.select().from(referrals).where(eq(referrals.inviteCode, code))
      const [row] = await (options.lock ? query.for('update') : query)
      return row
    },

    async findByInvitee(userId: string, options: { lock?: boolean } = {}): Promise<ReferralRow | undefined> {
      const query = db.select().from(referrals).where(eq(referrals.invitedUserId, userId))
      const [row] = await (options.lock ? query.for('update') : query)
      return row
    },

    async findById(id: string, options: { lock?: boolean } = {}): Promise<ReferralRow | undefined> {
      const query = db.select().from(referrals).where(eq(referrals.id, id))
      const [row] = await (options.lock ? query.for('update') : query)
      return row
    },

    async listByInviter(userId: string): Promise<ReferralRow[]> {
      return db
        .select()
        .from(referrals)
        .where(eq(referrals.inviterUserId, userId))
        .orderBy(desc(referrals.createdAt), desc(referrals.id))
    },

    /** Sets the invitee if the code is still unused; undefined when someone used it first. */
    async claim(id: string, userId: string, at: Date): Promise<ReferralRow | undefined> {
      const [row] = await db
        .update(referrals)
        .set({ invitedUserId: userId, redeemedAt: at })
        .where(and(eq(referrals.id, id), isNull(referrals.invitedUserId)))
        .returning()
      return row
    },

    async update(id: string, patch: ReferralPatch): Promise<ReferralRow> {
      const [row] = await db.update(referrals).set(patch).where(eq(referrals.id, id)).returning()
      return row!
    },

    /** Referrals with a payout (of one status, or all), with both users' emails. */
    async listPayouts(status?: PayoutStatus) {
      return db
        .select({ referral: referrals, inviterEmail: users.email, invitedEmail: invited.email })
        .from(referrals)
        .innerJoin(users, eq(users.id, referrals.inviterUserId))
        .leftJoin(invited, eq(invited.id, referrals.invitedUserId))
        .where(status ? eq(referrals.payoutStatus, status) : isNotNull(referrals.payoutStatus))
        .orderBy(desc(referrals.createdAt), desc(referrals.id))
    },

    async emailsOf(id: string) {
      const [row] = await db
        .select({ inviterEmail: users.email, invitedEmail: invited.email })
        .from(referrals)
        .innerJoin(users, eq(users.id, referrals.inviterUserId))
        .leftJoin(invited, eq(invited.id, referrals.invitedUserId))
        .where(eq(referrals.id, id))
      return row
    },

    /** PENDING payouts whose due date passed. */
    async listDuePending(now: Date, limit: number): Promise<{ id: string }[]> {
      return db
        .select({ id: referrals.id })
        .from(referrals)
        .where(and(eq(referrals.payoutStatus, 'PENDING'), lte(referrals.payoutDueAt, now)))
        .orderBy(asc(referrals.payoutDueAt))
        .limit(limit)
    },
  }
}

export type ReferralsRepository = ReturnType<typeof createReferralsRepository>
