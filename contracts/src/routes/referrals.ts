import { pageQuery } from '../api/pagination.js'
import {
  adminReferralListQuery,
  adminReferralListResponse,
  adminReferralSchema,
  createReferralRequest,
  redeemReferralRequest,
  redeemReferralResponse,
  referralIdParams,
  referralInvitationParams,
  referralInvitationResponse,
  referralListResponse,
  referralSchema,
  referralUserParams,
} from '../api/referrals.js'
import { defineRoutes } from './route.js'

/** Referral codes, redemption, and the admins' payout moves (spec/accounts.md §3, §4, §6, §7). */
export const referralsApi = defineRoutes('referrals', {
  invitation: {
    method: 'GET',
    path: '/api/referrals/invitations/:code',
    access: 'public',
    description:
      'What the sign-up page of a referral link shows: who invites (their name) and the trial the code ' +
      'gives. 404 referral_code_invalid for an unknown code, 409 referral_code_used once it served; ' +
      '429 rate_limited (Retry-After) past the sign-in limit of lookups per client address.',
    params: referralInvitationParams,
    responses: { 200: referralInvitationResponse },
  },
  create: {
    method: 'POST',
    path: '/api/referrals',
    access: 'user',
    description: 'A new referral code for the caller; only plans with referral payouts (403 otherwise).',
    body: createReferralRequest,
    responses: { 201: referralSchema },
  },
  redeem: {
    method: 'POST',
    path: '/api/referrals/redeem',
    access: 'user',
    description: 'Marks the code used by the caller; their next checkout gets the 30-day trial.',
    body: redeemReferralRequest,
    responses: { 200: redeemReferralResponse },
  },
  ofUser: {
    method: 'GET',
    path: '/api/referrals/user/:userId',
    access: 'user',
    params: referralUserParams,
    query: pageQuery,
    responses: { 200: referralListResponse },
  },
  adminList: {
    method: 'GET',
    path: '/api/admin/referrals',
    access: 'admin',
    query: adminReferralListQuery,
    responses: { 200: adminReferralListResponse },
  },
  adminApprove: {
    method: 'POST',
    path: '/api/admin/referrals/:id/approve',
    access: 'admin',
    params: referralIdParams,
    responses: { 200: adminReferralSchema },
  },
  adminMarkPaid: {
    method: 'POST',
    path: '/api/admin/referrals/:id/mark-paid',
    access: 'admin',
    params: referralIdParams,
    responses: { 200: adminReferralSchema },
  },
  adminCancel: {
    method: 'POST',
    path: '/api/admin/referrals/:id/cancel',
    access: 'admin',
    params: referralIdParams,
    responses: { 200: adminReferralSchema },
  },
})
