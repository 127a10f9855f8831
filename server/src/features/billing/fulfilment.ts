import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import type { PlansService } from '../plans/plans.service.js'
import { claimReferral, recordConversion } from '../referrals/referral-rewards.service.js'
import { type CheckoutSessionRow, createBillingRepository, type SubscriptionRow } from './billing.repository.js'
import type { BillingNotices } from './billing-notices.js'
import { addDays, addInterval } from './billing-periods.js'
import type { endSubscription } from './subscription-lifecycle.js'
import type { SubscriptionSeatsSync } from './subscription-seats.service.js'

export type FulfilmentDeps = Pick<Deps, 'clock' | 'database' | 'logger' | 'payments'> & {
  /** The confirmation emails (billing-notices.ts). */
  notices: BillingNotices
  /** Re-bills an organization's seats on its owner's new subscription. */
  seats: SubscriptionSeatsSync
  /** Applies a paid recovery to its transfer (the transfers feature's rule; idempotent per session). */
  applyRecovery(ownerId: string, transferId: string, sessionId: string): Promise<{ expires_at: string }>
  /** The stored plans (prices in cents), read in the fulfilment's transaction. */
  plans: Pick<PlansService, 'findStored' | 'findStoredForUser'>
}

/** What the provider knows of the paid session (Stripe); nothing for the test checkout. */
export interface ProviderIds {
  providerSubscriptionId?: string | null
  providerCustomerId?: string | null
}

/** What activating a subscription did: the new one, the one it replaced, and a trial it withheld. */
interface Activation {
  subscription: SubscriptionRow
  replaced?: SubscriptionRow
  trialDropped: boolean
}

export interface FulfilmentResult {
  session: CheckoutSessionRow
  /** False when the session had been fulfilled already (a replay). */
  changed: boolean
}

/**
 * The one fulfilment of a paid checkout, whether Stripe's webhook or the test checkout page
 * completed it (product.md §6). In one transaction: the session is completed once; a subscription
 * replaces the user's live one, starts its trial (nothing charged before its end), sets the role
 * and converts the referral; a recovery records its payment. Completing it again changes nothing.
 */
export function createFulfilment(deps: FulfilmentDeps) {
  const { clock, database, logger } = deps
  const { notices } = deps

  async function activate(tx: Parameters<typeof endSubscription>[0], session: CheckoutSessionRow, ids: ProviderIds) {
    const repo = createBillingRepository(tx)
    const now = clock.now()
    const plan = await deps.plans.findStored(session.planId, tx)
    if (!plan || !session.interval) throw new AppError('checkout_plan_not_found', 404)
    await repo.lockUser(session.userId)
    const replaced = await repo.findLive(session.userId, { lock: true })
    if (replaced)
      await repo.updateSubscription(replaced.id, { status: 'ENDED', endDate: now, nextBillingDate: null }, now)

    const referral = session.referralCode
      ? await claimReferral(tx, session.referralCode, session.userId, now)
      : undefined
    if (session.referralCode && !referral) {
      logger.warn({ sessionId: session.id }, 'The referral code of a paid checkout was taken meanwhile; trial kept')
    }
    // The trial was decided when the session opened; another session may have started one since
    // (security review L-3). The user row is locked, so two completions cannot both see none.
    const trialDays = session.trialDays > 0 && !(await repo.hadTrial(session.userId)) ? session.trialDays : 0
    const trialDropped = trialDays < session.trialDays
    const trialEnd = trialDays > 0 ? addDays(now, trialDays) : null
    const subscription = await repo.insertSubscription({
      userId: session.userId,
      planId: plan.id,
      status: trialEnd ? 'TRIALING' : 'ACTIVE',
      provider: session.provider,
      interval: session.interval,
      amountCents: session.amountCents,
      startDate: now,
      nextBillingDate: trialEnd ?? addInterval(now, session.interval),
      trialStart: trialEnd ? now : null,
      trialEnd,
      referralCodeUsed: referral?.inviteCode ?? null,
      checkoutSessionId: session.id,
      providerSubscriptionId: ids.providerSubscriptionId ?? null,
      providerCustomerId: ids.providerCustomerId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    await deps.seats.subscriptionChanged(tx, session.userId)
    // Stripe's charges arrive as invoice.paid; the test checkout records its first charge here.
    if (!trialEnd && session.provider === 'test') {
      await repo.insertPayment({
        userId: session.userId,
        subscriptionId: subscription.id,
        checkoutSessionId: session.id,
        provider: 'test',
        reference: `checkout:${session.id}`,
        amountCents: session.amountCents,
        periodStart: now,
        paidAt: now,
      })
    }
    await repo.setRoleUnlessAdmin(session.userId, plan.role, now)
    if (plan.role === 'PREMIUM') {
      await recordConversion(tx, deps.plans, {
        userId: session.userId,
        interval: session.interval,
        payoutAmountCents: plan.payoutAmountCents,
        paidFrom: trialEnd ?? now,
        at: now,
      })
    }
    return { subscription, replaced, trialDropped } satisfies Activation
  }

  return async function fulfil(sessionId: string, ids: ProviderIds = {}): Promise<FulfilmentResult> {
    let activated: Activation | undefined
    const result = await database.db.transaction(async (tx) => {
      const repo = createBillingRepository(tx)
      const session = await repo.findSession(sessionId, { lock: true })
      if (!session) throw new AppError('checkout_session_not_found', 404)
      if (session.status === 'completed') return { session, changed: false }
      if (session.status === 'canceled') throw new AppError('checkout_session_closed', 409)
      const now = clock.now()
      if (session.kind === 'subscription') {
        activated = await activate(tx, session, ids)
      } else {
        await repo.insertPayment({
          userId: session.userId,
          checkoutSessionId: session.id,
          provider: session.provider,
          reference: `checkout:${session.id}`,
          amountCents: session.amountCents,
          paidAt: now,
        })
      }
      await repo.closeSession(session.id, 'completed', now)
      return { session: { ...session, status: 'completed' as const, completedAt: now }, changed: true }
    })
    if (result.changed) await afterCommit(result.session, activated, ids)
    return result
  }

  /** Provider-side clean-up and the recovery itself: retried by their own paths if they fail here. */
  async function afterCommit(session: CheckoutSessionRow, activated: Activation | undefined, ids: ProviderIds) {
    const replaced = activated?.replaced
    if (activated?.trialDropped && ids.providerSubscriptionId) {
      // The provider started the trial the session offered; end it, so the first period is charged now.
      await deps.payments.endTrialNow(ids.providerSubscriptionId).catch((error) => {
        logger.error({ err: error, sessionId: session.id }, 'Could not end the trial of a second subscription')
      })
    }
    if (replaced?.provider === 'stripe' && replaced.providerSubscriptionId) {
      await deps.payments.cancelNow(replaced.providerSubscriptionId).catch((error) => {
        logger.error({ err: error, subscriptionId: replaced?.id }, 'Could not cancel the replaced Stripe subscription')
      })
    }
    if (activated) await notices.started(activated.subscription)
    if (session.kind === 'recovery' && session.transferId) {
      await deps.applyRecovery(session.userId, session.transferId, session.id).catch((error) => {
        logger.warn({ err: error, sessionId: session.id }, 'A paid recovery could not be applied yet')
      })
    }
  }
}

export type Fulfil = ReturnType<typeof createFulfilment>
