import { referralsApi } from '@ferry/contracts/routes/referrals'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/auth-guard.js'
import { registerRoute } from '../../http/register-route.js'
import type { PayoutMove, ReferralsService } from './referrals.service.js'

/** Referral codes, redemption, and the admins' payout moves (spec/accounts.md §7). */
export const referralsRoutes =
  (referrals: ReferralsService): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, referralsApi.invitation, async (request) =>
      referrals.invitation(request.params.code, request.ip),
    )

    registerRoute(app, referralsApi.create, async (request, reply) =>
      reply.status(201).send(await referrals.create(requireUser(request), request.body)),
    )

    registerRoute(app, referralsApi.redeem, async (request) => referrals.redeem(requireUser(request), request.body))

    registerRoute(app, referralsApi.ofUser, async (request) =>
      referrals.listOf(requireUser(request), request.params.userId, request.query),
    )

    registerRoute(app, referralsApi.adminList, async (request) =>
      referrals.listPayouts(request.query.payout_status, request.query),
    )

    const move = (to: PayoutMove) => async (request: { params: { id: string } }) =>
      referrals.movePayout(request.params.id, to)
    registerRoute(app, referralsApi.adminApprove, move('approve'))
    registerRoute(app, referralsApi.adminMarkPaid, move('markPaid'))
    registerRoute(app, referralsApi.adminCancel, move('cancel'))
  }
