import type { Deps } from '../../deps.js'
import type { Job } from '../../jobs/job-runner.js'
import { sweepInPages } from '../../jobs/paged-sweep.js'
import type { WebhookEvents } from '../webhooks/webhook-outbox.service.js'
import { createRecipientCodesRepository } from './access/recipient-codes.repository.js'
import type { LinkOrigins } from './transfer-links.types.js'
import { purgeTransferFiles } from './transfer-purge.js'
import { createTransferReminders } from './transfer-reminders.js'
import { createTransfersRepository } from './transfers.repository.js'

const sweepIntervalMs = 10 * 60 * 1000
const pageSize = 100

type SweeperDeps = Pick<Deps, 'clock' | 'database' | 'blobs' | 'logger'>

/**
 * Deletes the files of deleted transfers, and of expired ones once their purge time passed (at
 * expiry, or 7 days later on plans with recovery: product.md §3). The rows stay, with
 * files_deleted_at set, so lists and share links still answer Expired or Deleted. Safe on
 * several instances: each transfer is taken by one conditional update.
 */
export function createExpiredTransfersSweeper(deps: SweeperDeps) {
  const repo = createTransfersRepository(deps.database.db)
  return {
    async sweep(): Promise<{ purged: number; failed: number }> {
      const now = deps.clock.now()
      return sweepInPages(
        () => repo.listPurgeable(now, pageSize),
        (id) => purgeTransferFiles(deps, repo, id, now),
      )
    },
  }
}

/** How far back the expiry events look: a transfer expired longer ago (before webhooks existed, say) gets none. */
const expiryEventLookbackMs = 7 * 24 * 3600_000

/**
 * Writes the `transfer.expired` webhook event of each transfer whose expiry passed (issue 20 item
 * 5): the transfer is taken by a conditional update of `expired_event_at` and its event written
 * to the outbox in that transaction, so each expiry gives one event on any number of instances.
 */
export function createExpiryEvents(deps: Pick<Deps, 'clock' | 'database'>, webhookEvents: WebhookEvents) {
  const repo = createTransfersRepository(deps.database.db)
  return {
    async run(): Promise<{ purged: number; failed: number }> {
      const now = deps.clock.now()
      return sweepInPages(
        () => repo.listExpiredWithoutEvent(now, new Date(now.getTime() - expiryEventLookbackMs), pageSize),
        async (id) => {
          const written = await deps.database.db.transaction(async (tx) => {
            const row = await createTransfersRepository(tx).takeExpiredEvent(id, now)
            if (!row) return false
            await webhookEvents.emit(tx, row.userId, 'transfer.expired', {
              id: row.id,
              unique_id: row.uniqueId,
              title: row.title,
              expires_at: row.expiresAt.toISOString(),
              download_count: row.downloadCount,
            })
            return true
          })
          return written ? 'purged' : 'skipped'
        },
      )
    },
  }
}

/** The transfers feature's periodic jobs. */
export function transfersJobs(
  deps: SweeperDeps & Pick<Deps, 'config' | 'mailer'>,
  webhookEvents?: WebhookEvents,
  links?: LinkOrigins,
): Job[] {
  const sweeper = createExpiredTransfersSweeper(deps)
  const reminders = createTransferReminders({ ...deps, links })
  const recipientCodes = createRecipientCodesRepository(deps.database.db)
  return [
    { name: 'sweep-expired-transfers', intervalMs: sweepIntervalMs, run: () => sweeper.sweep() },
    // Reminders a day before expiry, and the sender's notice of a transfer expired unopened (issue 18 item 6).
    { name: 'transfer-reminders', intervalMs: sweepIntervalMs, run: () => reminders.run() },
    // Recipient codes work 10 minutes; a day-old one is forgotten (issue 18 item 3).
    {
      name: 'sweep-recipient-codes',
      intervalMs: 60 * 60 * 1000,
      run: () => recipientCodes.deleteOlderThan(new Date(deps.clock.now().getTime() - 24 * 3600_000)),
    },
    ...(webhookEvents
      ? [
          {
            name: 'transfer-expiry-events',
            intervalMs: 60 * 1000,
            run: () => createExpiryEvents(deps, webhookEvents).run(),
          },
        ]
      : []),
  ]
}
