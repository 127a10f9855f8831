import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import type { TransfersService } from '../transfers/transfers.service.js'
import type { UserRow } from '../users/users.types.js'
import { type AccountRepository, createAccountRepository } from './account.repository.js'

type DeletionDeps = Pick<Deps, 'clock' | 'database' | 'blobs' | 'logger' | 'payments'>

/** The account exists and is not the last admin (in a transaction, the admins stay locked until it ends). */
async function assertDeletable(repo: AccountRepository, id: string, lastAdminCode: string): Promise<UserRow> {
  const admins = await repo.lockAdmins()
  const target = await repo.findForUpdate(id)
  if (!target) throw new AppError('admin_user_not_found', 404)
  if (target.role === 'ADMIN' && admins <= 1) throw new AppError(lastAdminCode, 409)
  return target
}

/**
 * Deletes an account with everything it stored (product.md §23): one implementation for
 * "Delete my account" and the admin's delete. In order:
 * 1. the rules (not the last admin), so a refused delete changes nothing;
 * 2. a paid subscription is cancelled at the card provider, so nothing more is charged (a
 *    provider that fails stops the delete here, with nothing deleted);
 * 3. one transaction: the transfers are marked deleted (their links stop working), the rooms
 *    the account hosts are deleted, and the account row goes, and with it (ON DELETE CASCADE)
 *    request links and their received uploads, subscriptions, payments, referral codes and open
 *    links; transfers whose files are already gone are deleted outright;
 * 4. after the commit, the stored files: transfer files through the purge (each transfer row is
 *    then deleted; one whose files could not be removed stays, deleted and ownerless, for the
 *    sweeper to retry) and the files received on request links.
 */
export function createAccountDeletion(deps: DeletionDeps, transfers: Pick<TransfersService, 'purgeFiles'>) {
  const { database, clock, logger } = deps

  async function removeFiles(transferIds: string[], receivedKeys: string[]) {
    const repo = createAccountRepository(database.db)
    await transfers.purgeFiles(transferIds)
    await repo.deletePurgedTransfers(transferIds)
    for (const key of receivedKeys) {
      await deps.blobs.delete(key).catch((error) => {
        logger.error({ err: error, key }, 'Could not delete a received file of a deleted account')
      })
    }
  }

  return {
    /**
     * Deletes the account; the row as it was (for the goodbye email). `lastAdminCode` names the
     * 409 of the last admin (the admin screen and the account settings word it differently).
     */
    async delete(id: string, options: { lastAdminCode?: string } = {}): Promise<UserRow> {
      const lastAdminCode = options.lastAdminCode ?? 'admin_last_admin'
      const repo = createAccountRepository(database.db)
      await database.db.transaction((tx) => assertDeletable(createAccountRepository(tx), id, lastAdminCode))
      for (const subscriptionId of await repo.liveProviderSubscriptionsOf(id)) {
        await deps.payments.cancelNow(subscriptionId)
      }
      const owned = await database.db.transaction(async (tx) => {
        const txRepo = createAccountRepository(tx)
        const row = await assertDeletable(txRepo, id, lastAdminCode)
        await txRepo.softDeleteTransfersOf(id, clock.now())
        await txRepo.deletePurgedTransfersOf(id)
        const transferIds = await txRepo.unpurgedTransfersOf(id)
        const receivedKeys = await txRepo.receivedFileKeysOf(id)
        await txRepo.deleteHostedRooms(id)
        if (!(await txRepo.deleteUser(id))) throw new AppError('admin_user_not_found', 404)
        return { row, transferIds, receivedKeys }
      })
      await removeFiles(owned.transferIds, owned.receivedKeys)
      return owned.row
    },
  }
}

export type AccountDeletion = ReturnType<typeof createAccountDeletion>
