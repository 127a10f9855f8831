import {
  type BillingInterval,
  type CheckoutSessionResponse,
  type ConfirmRecoveryResponse,
  checkoutSessionIdPlaceholder,
  type checkoutSessionRequest,
  type RecoveryCheckoutRequest,
  referralTrialDays,
  type TestCheckoutResultResponse,
  type TestCheckoutSession,
} from '@ferry/contracts/api/billing'
import type { z } from 'zod'
import type { Deps } from '../../deps.js'
import { AppError, RateLimitedError } from '../../errors.js'
import type { PlanRow, PlansService } from '../plans/plans.service.js'
import { redeemedReferral, usableReferral } from '../referrals/referral-rewards.service.js'
import type { TransfersService } from '../transfers/transfers.service.js'
import type { UserRecord } from '../users/users.service.js'
import { type CheckoutSessionRow, createBillingRepository } from './billing.repository.js'
import { toTestCheckoutSession } from './billing-mapping.js'
import { createFulfilment, type FulfilmentDeps } from './fulfilment.js'
import { resolveReturnUrl, withSessionId } from './return-urls.js'

export type CheckoutDeps = FulfilmentDeps &
  Pick<Deps, 'config' | 'rateLimiter'> & {
    plans: PlansService
    /** The transfers feature's stored transfer (a recovery is priced by its dates). */
    transfers: Pick<TransfersService, 'findStored'>
  }
type CheckoutInput = z.output<typeof checkoutSessionRequest>

/** How long a checkout may be completed after it was opened (Stripe's default too). */
const sessionLifetimeMs = 24 * 60 * 60 * 1000
/** Checkouts a user may open per hour: each one costs a payment-provider call and a stored session. */
export const checkoutsPerHour = 30
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const priceOf = (plan: PlanRow, interval: BillingInterval) =>
  interval === 'yearly' ? plan.priceYearlyCents : plan.priceMonthlyCents

/** Checkouts (spec/accounts.md §4 Upgrade flow, §7): subscriptions and transfer recoveries, Stripe or test mode. */
export function createCheckoutService(deps: CheckoutDeps) {
  const { clock, database, payments, config, plans } = deps
  const repo = createBillingRepository(database.db)
  const fulfil = createFulfilment(deps)

  const originsFor = (requestOrigin: string) => [requestOrigin, config.publicUrl]

  async function limitCheckouts(userId: string): Promise<void> {
    const result = await deps.rateLimiter
      .hit(`checkout:user:${userId}`, checkoutsPerHour, 60 * 60 * 1000)
      .catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'Rate limiter unavailable; checkout allowed')
        return { allowed: true, retryAfterSeconds: 0 }
      })
    if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds)
  }

  async function open(
    user: UserRecord,
    session: Omit<CheckoutSessionRow, 'id' | 'provider' | 'status' | 'createdAt' | 'expiresAt' | 'completedAt'>,
    productName: string,
  ): Promise<CheckoutSessionResponse> {
    await limitCheckouts(user.id)
    const created = await payments.createCheckout({
      kind: session.kind,
      userId: user.id,
      customerEmail: user.email,
      productName,
      amountCents: session.amountCents,
      interval: session.interval,
      trialDays: session.trialDays,
      successUrl: session.successUrl,
      cancelUrl: session.cancelUrl,
      metadata: { ferry_user_id: user.id, ferry_plan_id: session.planId, ferry_kind: session.kind },
    })
    const now = clock.now()
    await repo.insertSession({
      ...session,
      id: created.id,
      provider: payments.kind,
      createdAt: now,
      expiresAt: new Date(now.getTime() + sessionLifetimeMs),
    })
    return { url: created.url, session_id: created.id }
  }

  /** A test-checkout session of this user, while Stripe is not configured; 404 otherwise. */
  async function ownTestSession(user: UserRecord, sessionId: string): Promise<CheckoutSessionRow> {
    if (payments.kind !== 'test') throw new AppError('checkout_test_mode_off', 404)
    const session = await repo.findSession(sessionId)
    if (session?.provider !== 'test' || session.userId !== user.id) {
      throw new AppError('checkout_session_not_found', 404)
    }
    return session
  }

  const isExpired = (session: CheckoutSessionRow) => session.expiresAt.getTime() <= clock.now().getTime()

  return {
    /**
     * POST /api/checkout/session: the caller's checkout of a selectable paid plan other than the
     * current one, at its monthly or yearly price; a valid referral code gives a 30-day trial,
     * else the plan's own trial (a first subscription only). Nothing is stored on a refusal.
     */
    async createSubscriptionCheckout(
      user: UserRecord,
      input: CheckoutInput,
      requestOrigin: string,
    ): Promise<CheckoutSessionResponse> {
      if (input.user_id !== user.id) throw new AppError('checkout_other_user', 403)
      if (!input.plan_id.trim()) throw new AppError('checkout_plan_required', 400)
      const plan = await plans.findStored(input.plan_id.trim())
      if (!plan?.isActive) throw new AppError('checkout_plan_not_found', 404)
      if (!plan.isSelectable || plan.role !== 'PREMIUM') throw new AppError('checkout_plan_not_selectable', 400)
      const current = await plans.planForUser(user.id)
      if (current.id === plan.id) throw new AppError('checkout_current_plan', 409)
      const amountCents = priceOf(plan, input.interval)
      if (amountCents === null || amountCents <= 0) {
        throw new AppError('checkout_price_missing', 400, `This plan has no ${input.interval} price.`)
      }
      const referral = input.referral_code
        ? await usableReferral(database.db, input.referral_code, user.id)
        : await redeemedReferral(database.db, user.id)
      const planTrial = plan.isTrialAvailable ? plan.trialDays : 0
      const trialDays = (await repo.hadTrial(user.id)) ? 0 : referral ? referralTrialDays : planTrial
      const origins = originsFor(requestOrigin)
      return open(
        user,
        {
          kind: 'subscription',
          userId: user.id,
          planId: plan.id,
          interval: input.interval,
          amountCents,
          trialDays,
          referralCode: referral?.inviteCode ?? null,
          transferId: null,
          successUrl: resolveReturnUrl(input.success_url, origins),
          cancelUrl: resolveReturnUrl(input.cancel_url, origins),
        },
        `Ferry ${plan.name} (${input.interval})`,
      )
    },

    /**
     * POST /api/transfers/{id}/recovery-checkout: the owner pays the plan's single_transfer_price
     * to recover an expired transfer within its grace (plan with recovery_allowed).
     */
    async createRecoveryCheckout(
      user: UserRecord,
      transferId: string,
      input: RecoveryCheckoutRequest,
      requestOrigin: string,
    ): Promise<CheckoutSessionResponse> {
      const found = uuidPattern.test(transferId) ? await deps.transfers.findStored(transferId) : undefined
      if (!found || found.transfer.userId !== user.id || found.transfer.deletedAt) {
        throw new AppError('transfer_not_found', 404)
      }
      const { transfer } = found
      const now = clock.now().getTime()
      const plan = await plans.planForUser(user.id)
      const price = (await plans.findStored(plan.id))?.singleTransferPriceCents ?? null
      const inGrace =
        transfer.expiresAt.getTime() <= now && transfer.filesDeletedAt === null && now < transfer.purgeAfter.getTime()
      if (!plan.recovery_allowed || !inGrace || price === null || price <= 0) {
        throw new AppError('transfer_not_recoverable', 409)
      }
      const origins = originsFor(requestOrigin)
      const id = encodeURIComponent(transfer.id)
      return open(
        user,
        {
          kind: 'recovery',
          userId: user.id,
          planId: plan.id,
          interval: null,
          amountCents: price,
          trialDays: 0,
          referralCode: null,
          transferId: transfer.id,
          successUrl: resolveReturnUrl(
            input.success_url ?? `/recovery-success?transfer_id=${id}&session_id=${checkoutSessionIdPlaceholder}`,
            origins,
          ),
          cancelUrl: resolveReturnUrl(input.cancel_url ?? `/transfers/${id}`, origins),
        },
        `Ferry transfer recovery (${transfer.title || transfer.id})`.slice(0, 200),
      )
    },

    /** POST /api/transfers/{id}/confirm-recovery-payment: only a paid recovery session of this transfer. */
    async confirmRecovery(user: UserRecord, transferId: string, sessionId: string): Promise<ConfirmRecoveryResponse> {
      let session = await repo.findSession(sessionId)
      if (session?.kind !== 'recovery' || session.userId !== user.id || session.transferId !== transferId) {
        throw new AppError('checkout_session_not_found', 404)
      }
      if (session.status === 'open' && session.provider === 'stripe') {
        // The browser may come back before the webhook: ask Stripe.
        const provider = await payments.retrieveSession(session.id)
        if (provider.paid) session = (await fulfil(session.id)).session
      }
      if (session.status !== 'completed') throw new AppError('recovery_payment_incomplete', 409)
      const { expires_at } = await deps.applyRecovery(user.id, transferId, session.id)
      return { transfer_id: transferId, expires_at }
    },

    async testSession(user: UserRecord, sessionId: string): Promise<TestCheckoutSession> {
      const session = await ownTestSession(user, sessionId)
      const plan = await plans.findStored(session.planId)
      // A recovery names its transfer by title, not by id (walk 9.8).
      const transfer = session.transferId ? await deps.transfers.findStored(session.transferId) : undefined
      return toTestCheckoutSession(session, plan?.name ?? session.planId, transfer?.transfer.title ?? null)
    },

    /** The test checkout's 'Pay' (no card is charged): the same fulfilment as a Stripe webhook. */
    async completeTestSession(user: UserRecord, sessionId: string): Promise<TestCheckoutResultResponse> {
      const session = await ownTestSession(user, sessionId)
      if (session.status === 'open' && isExpired(session)) throw new AppError('checkout_session_closed', 409)
      const { session: done } = await fulfil(session.id)
      return { redirect_url: withSessionId(done.successUrl, done.id) }
    },

    async cancelTestSession(user: UserRecord, sessionId: string): Promise<TestCheckoutResultResponse> {
      const session = await ownTestSession(user, sessionId)
      if (session.status === 'completed') throw new AppError('checkout_session_closed', 409)
      if (session.status === 'open') await repo.closeSession(session.id, 'canceled', clock.now())
      return { redirect_url: withSessionId(session.cancelUrl, session.id) }
    },

    fulfil,
  }
}

export type CheckoutService = ReturnType<typeof createCheckoutService>
