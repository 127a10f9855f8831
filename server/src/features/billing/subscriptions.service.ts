import type { CreateSubscriptionRequest, Subscription, UserCurrentPlanResponse } from '@ferry/contracts/api/billing'
import { isAdmin } from '@ferry/contracts/api/users'
import { isInTrial, trialDaysRemaining } from '@ferry/contracts/domain/trial'
import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import type { PlansService } from '../plans/plans.service.js'
import type { UserRecord } from '../users/users.service.js'
import { createBillingRepository, type SubscriptionRow } from './billing.repository.js'
import { toSubscription } from './billing-mapping.js'
import type { BillingNotices } from './billing-notices.js'
import { endSubscription } from './subscription-lifecycle.js'
import type { SubscriptionSeatsSync } from './subscription-seats.service.js'

export type SubscriptionsDeps = Pick<Deps, 'clock' | 'config' | 'database' | 'logger' | 'mailer' | 'payments'> & {
  /** The confirmation emails, built once by billing.services.ts. */
  notices: BillingNotices
  /** Re-bills an organization's seats on its owner's new subscription. */
  seats: SubscriptionSeatsSync
}

/** Subscriptions: the user's current plan, cancelling, complimentary plans (spec/accounts.md §3, §7). */
export function createSubscriptionsService(deps: SubscriptionsDeps, plans: PlansService) {
  const { clock, database, payments, logger } = deps
  const repo = createBillingRepository(database.db)
  const { notices } = deps

  async function present(row: SubscriptionRow): Promise<Subscription> {
    const plan = await plans.findStored(row.planId)
    return toSubscription(row, plan?.name ?? row.planId)
  }

  return {
    present,

    /** GET /api/user/subscription-level: plan, is_trial, trial_days_remaining, subscription. */
    async currentPlan(userId: string): Promise<UserCurrentPlanResponse> {
      const [plan, live] = await Promise.all([plans.planForUser(userId), repo.findLive(userId)])
      const now = clock.now()
      const inTrial = Boolean(live?.trialStart && live.trialEnd && isInTrial(live.trialStart, live.trialEnd, now))
      return {
        plan,
        is_trial: inTrial,
        trial_days_remaining: inTrial && live?.trialEnd ? trialDaysRemaining(live.trialEnd, now) : 0,
        subscription: live ? await present(live) : null,
      }
    },

    /**
     * The caller cancels: a paid subscription runs to the end of the period (or trial) already
     * given, then ends; nothing more is charged. A complimentary one ends at once.
     */
    async cancelOwn(user: UserRecord): Promise<Subscription> {
      const live = await repo.findLive(user.id)
      if (!live) throw new AppError('subscription_not_found', 404)
      if (live.status === 'CANCELED') throw new AppError('subscription_already_canceled', 409)
      // Stripe first: if it refuses, nothing changes here and the user may try again.
      if (live.provider === 'stripe' && live.providerSubscriptionId) {
        await payments.cancelAtPeriodEnd(live.providerSubscriptionId)
      }
      const row = await database.db.transaction(async (tx) => {
        const txRepo = createBillingRepository(tx)
        const now = clock.now()
        const locked = await txRepo.lockById(live.id)
        if (!locked || (locked.status !== 'TRIALING' && locked.status !== 'ACTIVE')) {
          throw new AppError('subscription_already_canceled', 409)
        }
        const endsAt = locked.provider === 'complimentary' ? null : locked.nextBillingDate
        if (!endsAt || endsAt.getTime() <= now.getTime()) return endSubscription(tx, locked, now)
        return txRepo.updateSubscription(locked.id, { status: 'CANCELED', endDate: endsAt, nextBillingDate: null }, now)
      })
      await notices.canceled(row)
      return present(row)
    },

    /**
     * The caller takes back a cancellation while the plan still runs: the subscription renews
     * again at the date it would have ended (its trial, if still running, continues), and the card
     * provider is told first, so nothing changes here if it refuses.
     */
    async resumeOwn(user: UserRecord): Promise<Subscription> {
      const live = await repo.findLive(user.id)
      if (!live) throw new AppError('subscription_not_found', 404, 'You have no subscription to resume.')
      if (live.status !== 'CANCELED') throw new AppError('subscription_not_canceled', 409)
      if (!live.endDate || live.endDate.getTime() <= clock.now().getTime()) {
        throw new AppError('subscription_resume_ended', 409)
      }
      if (live.provider === 'stripe' && live.providerSubscriptionId) {
        await payments.resume(live.providerSubscriptionId)
      }
      const row = await database.db.transaction(async (tx) => {
        const txRepo = createBillingRepository(tx)
        const now = clock.now()
        const locked = await txRepo.lockById(live.id)
        if (locked?.status !== 'CANCELED') throw new AppError('subscription_not_canceled', 409)
        if (!locked.endDate || locked.endDate.getTime() <= now.getTime()) {
          throw new AppError('subscription_resume_ended', 409)
        }
        const inTrial = locked.trialEnd !== null && locked.trialEnd.getTime() > now.getTime()
        return txRepo.updateSubscription(
          locked.id,
          { status: inTrial ? 'TRIALING' : 'ACTIVE', endDate: null, nextBillingDate: locked.endDate },
          now,
        )
      })
      return present(row)
    },

    /**
     * POST /api/billing/subscriptions: a complimentary subscription (no charge). Admins: any plan
     * for any user. Others: only for themselves and only a free, selectable plan; paid plans go
     * through checkout. It replaces the user's live subscription; the role follows the plan.
     */
    async createComplimentary(caller: UserRecord, input: CreateSubscriptionRequest): Promise<Subscription> {
      const admin = isAdmin(caller.role)
      if (!admin && input.user_id !== caller.id) throw new AppError('subscription_other_user', 403)
      const plan = await plans.findStored(input.plan_id)
      if (!plan) throw new AppError('checkout_plan_not_found', 404)
      if (!admin) {
        const paid = (plan.priceMonthlyCents ?? 0) > 0 || (plan.priceYearlyCents ?? 0) > 0 || plan.role === 'PREMIUM'
        if (paid) throw new AppError('subscription_paid_plan', 402)
        if (!plan.isSelectable || !plan.isActive) throw new AppError('checkout_plan_not_selectable', 403)
      }
      let replaced: SubscriptionRow | undefined
      const row = await database.db.transaction(async (tx) => {
        const txRepo = createBillingRepository(tx)
        const now = clock.now()
        if (!(await txRepo.lockUser(input.user_id))) throw new AppError('not_found', 404, 'User not found')
        replaced = await txRepo.findLive(input.user_id, { lock: true })
        if (replaced) {
          await txRepo.updateSubscription(replaced.id, { status: 'ENDED', endDate: now, nextBillingDate: null }, now)
        }
        const created = await txRepo.insertSubscription({
          userId: input.user_id,
          planId: plan.id,
          status: 'ACTIVE',
          provider: 'complimentary',
          startDate: now,
          createdAt: now,
          updatedAt: now,
        })
        await txRepo.setRoleUnlessAdmin(input.user_id, plan.role, now)
        await deps.seats.subscriptionChanged(tx, input.user_id)
        return created
      })
      if (replaced?.provider === 'stripe' && replaced.providerSubscriptionId) {
        await payments.cancelNow(replaced.providerSubscriptionId).catch((error) => {
          logger.error(
            { err: error, subscriptionId: replaced?.id },
            'Could not cancel the replaced Stripe subscription',
          )
        })
      }
      return present(row)
    },
  }
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>
