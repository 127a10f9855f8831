import { pageQuery } from '@ferry/contracts/api/pagination'
import {
  adminReferralListQuery,
  adminReferralListResponse,
  adminReferralSchema,
  createReferralRequest,
  redeemReferralRequest,
  redeemReferralResponse,
  referralIdParams,
  referralListResponse,
  referralSchema,
  referralsPaths,
  referralUserParams,
} from '@ferry/contracts/api/referrals'
import { errorResponse } from '@ferry/contracts/api/system'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/auth-guard.js'
import type { PayoutMove, ReferralsService } from './referrals.service.js'

const tags = ['referrals']
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse }
const user = { access: 'user' } as const
const admin = { access: 'admin' } as const

/** Referral codes, redemption, and the admins' payout moves (spec/accounts.md §7). */
export const referralsRoutes =
  (referrals: ReferralsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      referralsPaths.create,
      {
        schema: {
          tags,
          description: 'A new referral code for the caller; only plans with referral payouts (403 otherwise).',
          body: createReferralRequest,
          response: { 201: referralSchema, ...errors },
        },
        config: user,
      },
      async (request, reply) => reply.status(201).send(await referrals.create(requireUser(request), request.body)),
    )

    app.post(
      referralsPaths.redeem,
      {
        schema: {
          tags,
          description: 'Marks the code used by the caller; their next checkout gets the 30-day trial.',
          body: redeemReferralRequest,
          response: { 200: redeemReferralResponse, ...errors },
        },
        config: user,
      },
      async (request) => referrals.redeem(requireUser(request), request.body),
    )

    app.get(
      referralsPaths.ofUser,
      {
        schema: {
          tags,
          params: referralUserParams,
          querystring: pageQuery,
          response: { 200: referralListResponse, ...errors },
        },
        config: user,
      },
      async (request) => referrals.listOf(requireUser(request), request.params.userId, request.query),
    )

    app.get(
      referralsPaths.adminList,
      {
        schema: { tags, querystring: adminReferralListQuery, response: { 200: adminReferralListResponse, ...errors } },
        config: admin,
      },
      async (request) => referrals.listPayouts(request.query.payout_status, request.query),
    )

    const moves: [string, PayoutMove][] = [
      [referralsPaths.adminApprove, 'approve'],
      [referralsPaths.adminMarkPaid, 'markPaid'],
      [referralsPaths.adminCancel, 'cancel'],
    ]
    for (const [url, move] of moves) {
      app.post(
        url,
        {
          schema: { tags, params: referralIdParams, response: { 200: adminReferralSchema, ...errors } },
          config: admin,
        },
        async (request) => referrals.movePayout(request.params.id, move),
      )
    }
  }
