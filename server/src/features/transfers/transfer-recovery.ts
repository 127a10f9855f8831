import { recoveryExtensionHours } from '@ferry/contracts/api/transfers'
import type { Deps } from '../../deps.js'
import type { PlansService } from '../plans/plans.service.js'
import { addHours, ruleError } from './transfer-rules.js'
import { createTransfersRepository } from './transfers.repository.js'

type RecoveryDeps = Pick<Deps, 'clock' | 'database'> & { plans: Pick<PlansService, 'planForUser'> }

/**
 * Recovery (spec/transfers.md §4, product.md §3): on a plan with recovery_allowed, an expired transfer keeps its
 * files for a 7-day grace; a recovery payment in that grace makes it active for 7 more days.
 */
export function createRecovery(deps: RecoveryDeps) {
  const repo = createTransfersRepository(deps.database.db)

  return {
    /**
     * Applies a recovery payment the billing feature has verified (`sessionId` is its checkout
     * session). Only the owner's expired, not deleted transfer whose files are still kept; the
     * same session again changes nothing. The new expiry (ISO).
     */
    async confirm(ownerId: string, transferId: string, sessionId: string): Promise<{ expires_at: string }> {
      const found = await repo.findById(transferId)
      if (!found || found.transfer.userId !== ownerId || found.transfer.deletedAt) {
        throw ruleError('transfer_not_found', 404)
      }
      const { transfer } = found
      if (transfer.recoverySessionId === sessionId) return { expires_at: transfer.expiresAt.toISOString() }
      const plan = await deps.plans.planForUser(ownerId)
      const now = deps.clock.now()
      const expired = transfer.expiresAt.getTime() <= now.getTime()
      const kept = transfer.filesDeletedAt === null && now.getTime() < transfer.purgeAfter.getTime()
      if (!plan.recovery_allowed || !expired || !kept) throw ruleError('transfer_not_recoverable', 409)
      const expiresAt = addHours(now, recoveryExtensionHours)
      const row = await repo.extend(transfer.id, {
        expiresAt,
        purgeAfter: addHours(expiresAt, recoveryExtensionHours),
        recoverySessionId: sessionId,
        recoveredAt: now,
      })
      if (!row) throw ruleError('transfer_not_recoverable', 409)
      return { expires_at: row.expiresAt.toISOString() }
    },
  }
}
