import { z } from 'zod'
import { plainText } from '../domain/text.js'
import { page, pageQuery } from './pagination.js'

// Referrals' shapes (spec/accounts.md §3 Referral, §4, §6, §7); the routes are in routes/referrals.ts.

/** The sign-up link that carries a code (spec/accounts.md §2). */
export const referralLinkPath = (code: string) => `/register?ref=${encodeURIComponent(code)}`

/**
 * PENDING (the invitee bought a yearly plan; due after their first paid year), APPROVED (due:
 * the year passed, or an admin approved it), PAID (an admin paid it), CANCELLED (the invitee's
 * subscription ended first, or an admin cancelled it).
 */
export const payoutStatuses = ['PENDING', 'APPROVED', 'PAID', 'CANCELLED'] as const
export const payoutStatusSchema = z.enum(payoutStatuses)
export type PayoutStatus = z.infer<typeof payoutStatusSchema>

const isoDate = z.iso.datetime({ offset: true })

/** A referral (spec/accounts.md §3). Money in euros (the server stores integer cents). */
export const referralSchema = z.object({
  id: z.string(),
  invite_code: z.string(),
  inviter_user_id: z.string(),
  /** Set once the code is used (status 'Used'). */
  invited_user_id: z.string().nullable(),
  /** Euros; 0 until the invitee buys a yearly plan, then that plan's payout_amount. */
  payout_amount: z.number(),
  /** Null while no payout exists (the code is unused, or the invitee has not bought a yearly plan). */
  payout_status: payoutStatusSchema.nullable(),
  /** When the PENDING payout becomes due (the invitee's trial end + 1 year); null without a payout. */
  payout_due_date: isoDate.nullable(),
  created_at: isoDate,
  /** When the invitee first paid for (or started the trial of) a plan with this code. */
  conversion_date: isoDate.nullable(),
})
export type Referral = z.infer<typeof referralSchema>
/** GET /api/referrals/user/{userId}: one page, newest first (`pageQuery`). */
export const referralListResponse = page(referralSchema)
export type ReferralList = z.infer<typeof referralListResponse>

/** 'Available' while invited_user_id is empty, 'Used' once it is set (spec/accounts.md §4). */
export type ReferralStatus = 'Available' | 'Used'
export function referralStatus(referral: Pick<Referral, 'invited_user_id'>): ReferralStatus {
  return referral.invited_user_id ? 'Used' : 'Available'
}

/** POST /api/referrals (the caller only). */
export const createReferralRequest = z.object({ inviter_user_id: plainText(z.string().min(1).max(64), 'The user id') })
export type CreateReferralRequest = z.infer<typeof createReferralRequest>

/** POST /api/referrals/redeem (spec/accounts.md §3 Redeem referral request). The code is trimmed. */
export const redeemReferralRequest = z.object({
  referral_code: plainText(z.string().trim().max(64), 'The referral code'),
  user_id: plainText(z.string().min(1).max(64), 'The user id'),
})
export type RedeemReferralRequest = z.input<typeof redeemReferralRequest>

/** The answer to a successful redeem: the code and the trial it gives at checkout. */
export const redeemReferralResponse = z.object({
  referral_code: z.string(),
  trial_days: z.int(),
})
export type RedeemReferralResponse = z.infer<typeof redeemReferralResponse>

/** GET /api/referrals/invitations/{code}: the code as the link carries it (trimmed, any case). */
export const referralInvitationParams = z.object({
  code: plainText(z.string().trim().min(1).max(64), 'The referral code'),
})

/** Who invites, for the referred visitor's sign-up page: their name only, and the trial the code gives. */
export const referralInvitationResponse = z.object({
  referral_code: z.string(),
  inviter_name: z.string(),
  trial_days: z.int(),
})
export type ReferralInvitation = z.infer<typeof referralInvitationResponse>

export const referralUserParams = z.object({ userId: z.uuid() })
export const referralIdParams = z.object({ id: plainText(z.string().min(1).max(64), 'The referral id') })

/** GET /api/admin/referrals: every referral with a payout, with both users' emails. */
export const adminReferralSchema = referralSchema.extend({
  inviter_email: z.string(),
  invited_email: z.string().nullable(),
})
export type AdminReferral = z.infer<typeof adminReferralSchema>
/** GET /api/admin/referrals: one page, newest first (`pageQuery`). */
export const adminReferralListResponse = page(adminReferralSchema)
export type AdminReferralList = z.infer<typeof adminReferralListResponse>

/** Query of GET /api/admin/referrals: filter by payout status; all referrals with a payout by default. */
export const adminReferralListQuery = pageQuery.extend({ payout_status: payoutStatusSchema.optional() })
