import type { Deps } from '../../deps.js'
import type { Job } from '../../jobs/job-runner.js'
import { type PurgeOutcome, sweepInPages } from '../../jobs/paged-sweep.js'
import { createReferralsRepository } from './referrals.repository.js'

const intervalMs = 60 * 60 * 1000
const pageSize = 100

type PayoutDeps = Pick<Deps, 'clock' | 'database' | 'logger'>

/**
 * Payouts PENDING → APPROVED once the invitee's first paid year is over (spec/accounts.md §1, §9). A payout
 * whose invitee's subscription ended earlier was CANCELLED when it ended; one whose invitee's
 * account is gone is CANCELLED here.
 */
export function createPayoutSweeper(deps: PayoutDeps) {
  const repo = createReferralsRepository(deps.database.db)

  async function approve(id: string): Promise<PurgeOutcome> {
    try {
      const moved = await deps.database.db.transaction(async (tx) => {
        const txRepo = createReferralsRepository(tx)
        const now = deps.clock.now()
        const row = await txRepo.findById(id, { lock: true })
        if (row?.payoutStatus !== 'PENDING' || !row.payoutDueAt || row.payoutDueAt.getTime() > now.getTime()) {
          return false
        }
        const payoutStatus = row.invitedUserId ? 'APPROVED' : 'CANCELLED'
        await txRepo.update(row.id, { payoutStatus, payoutUpdatedAt: now })
        return true
      })
      return moved ? 'purged' : 'skipped'
    } catch (error) {
      deps.logger.error({ err: error, referralId: id }, 'Payout approval failed')
      return 'failed'
    }
  }

  return {
    async sweep() {
      const { purged, failed } = await sweepInPages(() => repo.listDuePending(deps.clock.now(), pageSize), approve)
      return { approved: purged, failed }
    },
  }
}

export function referralsJobs(deps: PayoutDeps): Job[] {
  const sweeper = createPayoutSweeper(deps)
  return [{ name: 'referral-payouts', intervalMs, run: () => sweeper.sweep() }]
}
