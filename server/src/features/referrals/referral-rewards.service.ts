import type { Db } from '../../db/database.js'
import { AppError } from '../../errors.js'
import type { PlansService } from '../plans/plans.service.js'
import { createReferralsRepository, type ReferralRow } from './referrals.repository.js'

/*
 * The referrals feature's rules that other features run inside their own transactions: billing
 * checks and claims a code, converts a referral and cancels a payout in the same transaction as
 * the checkout or subscription change. So these take the caller's `db` (the database or its
 * transaction) rather than being methods of the referrals service; they are that feature's
 * published interface for it.
 */

/** What the rewards read of plans: the plan that applies to the inviter, in the same transaction. */
export type RewardPlans = Pick<PlansService, 'findStoredForUser'>

/** One year after `from` (the invitee's first paid year, spec/accounts.md §9). */
export function oneYearAfter(from: Date): Date {
  const due = new Date(from)
  due.setUTCFullYear(due.getUTCFullYear() + 1)
  return due
}

/** Codes are stored upper-case; what a user types is trimmed and upper-cased. */
export const normaliseCode = (code: string) => code.trim().toUpperCase()

/**
 * The referral `code` if `userId` may use it: it exists, is not theirs, and is unused or already
 * used by them; and they have not used another code. AppError 4xx otherwise.
 */
export async function usableReferral(db: Db, code: string, userId: string): Promise<ReferralRow> {
  const repo = createReferralsRepository(db)
  const referral = await repo.findByCode(normaliseCode(code))
  if (!referral) throw new AppError('referral_code_invalid', 404)
  if (referral.inviterUserId === userId) throw new AppError('referral_code_own', 400)
  if (referral.invitedUserId === userId) return referral
  if (referral.invitedUserId) throw new AppError('referral_code_used', 409)
  if (await repo.findByInvitee(userId)) throw new AppError('referral_already_redeemed', 409)
  return referral
}

/** A code the user redeemed earlier and has not bought a plan with yet (its trial still applies). */
export async function redeemedReferral(db: Db, userId: string): Promise<ReferralRow | undefined> {
  const referral = await createReferralsRepository(db).findByInvitee(userId)
  return referral && !referral.conversionDate ? referral : undefined
}

/** Marks the code used by `userId` (within the caller's transaction); the row, or undefined if taken meanwhile. */
export async function claimReferral(db: Db, code: string, userId: string, at: Date): Promise<ReferralRow | undefined> {
  const repo = createReferralsRepository(db)
  const referral = await repo.findByCode(normaliseCode(code), { lock: true })
  if (!referral || referral.inviterUserId === userId) return undefined
  if (referral.invitedUserId === userId) return referral
  if (referral.invitedUserId || (await repo.findByInvitee(userId))) return undefined
  return repo.claim(referral.id, userId, at)
}

/** Rewards need a plan with allows_payouts (spec/accounts.md §6): the inviter's plan when the invitee converts. */
async function inviterAllowsPayouts(db: Db, plans: RewardPlans, inviterUserId: string): Promise<boolean> {
  const plan = await plans.findStoredForUser(inviterUserId, db)
  return plan?.allowsPayouts ?? false
}

/**
 * The invitee started a paid subscription: the referral converts; on a yearly plan a PENDING
 * payout of the plan's payout_amount is created, due after the first paid year (trial end + 1 year).
 */
export async function recordConversion(
  db: Db,
  plans: RewardPlans,
  conversion: {
    userId: string
    interval: 'monthly' | 'yearly' | null
    payoutAmountCents: number | null
    paidFrom: Date
    at: Date
  },
): Promise<void> {
  const repo = createReferralsRepository(db)
  const referral = await repo.findByInvitee(conversion.userId, { lock: true })
  if (!referral) return
  const patch: Parameters<typeof repo.update>[1] = {}
  if (!referral.conversionDate) patch.conversionDate = conversion.at
  const earns =
    conversion.interval === 'yearly' &&
    (conversion.payoutAmountCents ?? 0) > 0 &&
    (await inviterAllowsPayouts(db, plans, referral.inviterUserId))
  if (earns && referral.payoutStatus === null) {
    patch.payoutStatus = 'PENDING'
    patch.payoutAmountCents = conversion.payoutAmountCents!
    patch.payoutDueAt = oneYearAfter(conversion.paidFrom)
    patch.payoutUpdatedAt = conversion.at
  }
  if (Object.keys(patch).length > 0) await repo.update(referral.id, patch)
}

/** The invitee's subscription ended before the payout was due: CANCELLED (spec/accounts.md §4). */
export async function cancelPendingPayout(db: Db, userId: string, at: Date): Promise<void> {
  const repo = createReferralsRepository(db)
  const referral = await repo.findByInvitee(userId, { lock: true })
  if (referral?.payoutStatus !== 'PENDING') return
  // Ending at (or after) the due date means the first paid year was completed: the payout stands.
  if (referral.payoutDueAt && referral.payoutDueAt.getTime() <= at.getTime()) return
  await repo.update(referral.id, { payoutStatus: 'CANCELLED', payoutUpdatedAt: at })
}
