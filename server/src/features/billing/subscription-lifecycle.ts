import type { Db } from '../../db/database.js'
import { cancelPendingPayout } from '../referrals/referral-rewards.service.js'
import { createBillingRepository, type SubscriptionRow } from './billing.repository.js'
import { addInterval } from './billing-periods.js'

/** Renewals a test-mode subscription catches up at most in one run (a server that was off for long). */
const maxCatchUpPeriods = 36

/**
 * Ends a subscription (within the caller's transaction): ENDED, the user back to FREE (an ADMIN
 * stays ADMIN), and a still-PENDING referral payout on them CANCELLED (spec/accounts.md §4).
 */
export async function endSubscription(tx: Db, row: SubscriptionRow, at: Date): Promise<SubscriptionRow> {
  const repo = createBillingRepository(tx)
  const ended = await repo.updateSubscription(row.id, { status: 'ENDED', endDate: at, nextBillingDate: null }, at)
  await repo.setRoleUnlessAdmin(row.userId, 'FREE', at)
  await cancelPendingPayout(tx, row.userId, at)
  return ended
}

/**
 * Charges a test-mode subscription for each period due by `now` (product.md §6: no card; the charge
 * is recorded), so a trial becomes ACTIVE at its end. Each period is recorded once.
 */
export async function renewTestSubscription(tx: Db, row: SubscriptionRow, now: Date): Promise<number> {
  if (row.provider !== 'test' || !row.interval || row.amountCents === null) return 0
  if (row.status !== 'TRIALING' && row.status !== 'ACTIVE') return 0
  const repo = createBillingRepository(tx)
  let next = row.nextBillingDate
  let charged = 0
  while (next && next.getTime() <= now.getTime() && charged < maxCatchUpPeriods) {
    await repo.insertPayment({
      userId: row.userId,
      subscriptionId: row.id,
      provider: 'test',
      reference: `renewal:${row.id}:${next.toISOString()}`,
      amountCents: row.amountCents,
      periodStart: next,
      paidAt: now,
    })
    next = addInterval(next, row.interval)
    charged++
  }
  if (charged > 0) await repo.updateSubscription(row.id, { status: 'ACTIVE', nextBillingDate: next }, now)
  return charged
}
