import type { StorageUsage } from '@ferry/contracts/api/admin'
import { transferStatus } from '@ferry/contracts/api/transfers'
import type { Deps } from '../../deps.js'
import { type PlansService, planIdForRole } from '../plans/plans.service.js'
import { createStorageRepository } from './storage.repository.js'

const topUsersLimit = 20
const largestTransfersLimit = 10

/** The Storage Usage tab's figures (product.md §4), straight from SQL aggregates. */
export function createStorageService(deps: Pick<Deps, 'clock' | 'database'>, plans: PlansService) {
  const repo = createStorageRepository(deps.database.db)

  /** Each user counts under their plan: the live subscription's, else their role's (as planForUser decides). */
  async function perPlan(): Promise<StorageUsage['per_plan']> {
    const byPlan = new Map<string, StorageUsage['per_plan'][number]>()
    for (const row of await repo.perPlanSource()) {
      const plan = await plans.get(row.subscriptionPlanId ?? planIdForRole(row.role))
      const entry = byPlan.get(plan.id) ?? { plan_id: plan.id, plan_name: plan.name, users: 0, transfers: 0, bytes: 0 }
      entry.users += row.users
      entry.transfers += row.transfers
      entry.bytes += row.bytes
      byPlan.set(plan.id, entry)
    }
    return [...byPlan.values()].sort((a, b) => b.bytes - a.bytes || a.plan_name.localeCompare(b.plan_name))
  }

  return {
    async usage(): Promise<StorageUsage> {
      const now = deps.clock.now()
      const [transfers, received, pending, per_plan, top_users, largest] = await Promise.all([
        repo.transferTotals(now),
        repo.receivedTotals(now),
        repo.unclaimedUploads(),
        perPlan(),
        repo.topUsers(topUsersLimit),
        repo.largestTransfers(largestTransfersLimit),
      ])
      const awaitingSweep = transfers.awaiting.bytes + received.awaiting.bytes + pending.bytes
      return {
        totals: {
          stored_bytes: transfers.live.bytes + transfers.retained.bytes + received.kept.bytes + awaitingSweep,
          awaiting_sweep_bytes: awaitingSweep,
          transfers: { live: transfers.live, retained: transfers.retained, awaiting_sweep: transfers.awaiting },
          request_files: { kept: received.kept, awaiting_sweep: received.awaiting },
          pending_uploads: pending,
        },
        per_plan,
        top_users,
        largest_transfers: largest.map((t) => ({
          id: t.id,
          user_id: t.userId,
          user_email: t.userEmail,
          title: t.title,
          files: t.files,
          bytes: t.bytes,
          created_at: t.createdAt.toISOString(),
          expires_at: t.expiresAt.toISOString(),
          status: transferStatus({ expires_at: t.expiresAt, deleted_at: t.deletedAt }, now),
        })),
      }
    },
  }
}

export type StorageService = ReturnType<typeof createStorageService>
