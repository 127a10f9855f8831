import type { Page, PageRequest } from '@ferry/contracts/api/pagination'
import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/database.js'
import { keyset } from '../../db/keyset-page.js'
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

    /** The code's referral and its inviter's name (for the referred visitor's sign-up page). */
    async findInvitation(code: string) {
      const [row] = await db
        .select({ referral: referrals, inviterName: users.name })
        .from(referrals)
        .innerJoin(users, eq(users.id, referrals.inviterUserId))
        .where(eq(referrals.inviteCode, code))
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

    /** One page of the codes a user created, newest first. */
    async listByInviter(userId: string, request: PageRequest): Promise<Page<ReferralRow>> {
      const page = keyset({ at: referrals.createdAt, id: referrals.id }, request)
      const mine = eq(referrals.inviterUserId, userId)
      const [rows, total] = await Promise.all([
        db
          .select({ referral: referrals, cursorAt: page.cursorAt })
          .from(referrals)
          .where(and(mine, page.where))
          .orderBy(...page.orderBy)
          .limit(page.take),
        db.$count(referrals, mine),
      ])
      return page.page(
        rows,
        total,
        (r) => r.referral.id,
        (shown) => shown.map((r) => r.referral),
      )
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

    /** One page of the referrals with a payout (of one status, or all), with both users' emails. */
    async listPayouts(status: PayoutStatus | undefined, request: PageRequest) {
      const page = keyset({ at: referrals.createdAt, id: referrals.id }, request)
      const filter = status ? eq(referrals.payoutStatus, status) : isNotNull(referrals.payoutStatus)
      const [rows, total] = await Promise.all([
        db
          .select({
            referral: referrals,
            inviterEmail: users.email,
            invitedEmail: invited.email,
            cursorAt: page.cursorAt,
          })
          .from(referrals)
          .innerJoin(users, eq(users.id, referrals.inviterUserId))
          .leftJoin(invited, eq(invited.id, referrals.invitedUserId))
          .where(and(filter, page.where))
          .orderBy(...page.orderBy)
          .limit(page.take),
        db.$count(referrals, filter),
      ])
      return page.page(
        rows,
        total,
        (r) => r.referral.id,
        (shown) => shown,
      )
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
