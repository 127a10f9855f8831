import type { Deps } from '../../deps.js'
import type { Job } from '../../jobs/job-runner.js'
import { type PurgeOutcome, sweepInPages } from '../../jobs/paged-sweep.js'
import { createBillingRepository } from './billing.repository.js'
import { endSubscription, renewTestSubscription } from './subscription-lifecycle.js'

const intervalMs = 5 * 60 * 1000
const pageSize = 100

type SweeperDeps = Pick<Deps, 'clock' | 'database' | 'logger'>

/**
 * The subscription schedule: test-mode subscriptions are charged at their next billing date
 * (a trial becomes ACTIVE at its end), and canceled subscriptions end at their end date. Each
 * subscription is locked in its own transaction, so two instances never apply it twice.
 */
export function createSubscriptionSweeper(deps: SweeperDeps) {
  const repo = createBillingRepository(deps.database.db)

  const step =
    (apply: (tx: Parameters<typeof endSubscription>[0], id: string, now: Date) => Promise<boolean>) =>
    async (id: string): Promise<PurgeOutcome> => {
      try {
        const done = await deps.database.db.transaction((tx) => apply(tx, id, deps.clock.now()))
        return done ? 'purged' : 'skipped'
      } catch (error) {
        deps.logger.error({ err: error, subscriptionId: id }, 'Subscription schedule step failed')
        return 'failed'
      }
    }

  const renew = step(async (tx, id, now) => {
    const row = await createBillingRepository(tx).lockById(id)
    return row ? (await renewTestSubscription(tx, row, now)) > 0 : false
  })

  const end = step(async (tx, id, now) => {
    const row = await createBillingRepository(tx).lockById(id)
    if (row?.status !== 'CANCELED' || !row.endDate || row.endDate.getTime() > now.getTime()) return false
    await endSubscription(tx, row, row.endDate)
    return true
  })

  return {
    async sweep() {
      const now = deps.clock.now()
      const renewed = await sweepInPages(() => repo.listDueRenewals(now, pageSize), renew)
      const ended = await sweepInPages(() => repo.listDueEnds(now, pageSize), end)
      return { renewed: renewed.purged, ended: ended.purged, failed: renewed.failed + ended.failed }
    },
  }
}

export function billingJobs(deps: SweeperDeps): Job[] {
  const sweeper = createSubscriptionSweeper(deps)
  return [{ name: 'subscription-schedule', intervalMs, run: () => sweeper.sweep() }]
}
