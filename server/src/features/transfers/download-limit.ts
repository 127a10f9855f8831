import type { Deps } from '../../deps.js'
import type { DownloadTally } from '../../http/download/download-reply.js'
import type { WebhookEvents } from '../webhooks/webhook-outbox.service.js'
import { createDownloadLimitRepository } from './download-limit.repository.js'
import { purgeTransferFiles } from './transfer-purge.js'
import type { TransferRow } from './transfer-rows.js'
import { ruleError } from './transfer-rules.js'
import { createTransfersRepository } from './transfers.repository.js'

export type DownloadLimitDeps = Pick<Deps, 'clock' | 'database' | 'blobs' | 'logger'> & {
  /** The outbox of `transfer.downloaded` (issue 20 item 5), written with the count. */
  webhookEvents?: WebhookEvents | undefined
}

/**
 * How long a download slot stays held without renewal. The instance streaming the download renews
 * it every third of that, so only a slot whose instance died lapses (docs/decisions/0017).
 */
export const slotLeaseMs = 5 * 60_000

/** 410 download_limit_reached: the limit was reached, or every recipient downloaded a burning transfer. */
export const limitReached = () => ruleError('download_limit_reached', 410)

/** Whether downloads of this transfer are limited: Ferry must then see every last byte (no redirect to the store). */
export const isLimited = (transfer: Pick<TransferRow, 'maxDownloads' | 'burnAfterDownload'>) =>
  transfer.maxDownloads !== null || transfer.burnAfterDownload

/** What a counted download is of: its transfer, and the recipient and files it completes. */
export interface CountedDownload {
  transfer: Pick<TransferRow, 'id' | 'maxDownloads'>
  recipientId: string | null
  fileIds: string[]
}

/**
 * The download limit and burn after download (issue 18 item 2), kept in the database so every
 * instance sees the same counts. A download counts when its response delivered the last byte; a
 * limited transfer's download holds a slot from before its first byte, so two at once on the last
 * download cannot both get the bytes.
 */
export function createDownloadLimit(deps: DownloadLimitDeps) {
  const { clock, database } = deps
  const repo = createDownloadLimitRepository(database.db)
  const transfersRepo = createTransfersRepository(database.db)

  /** Purges a transfer just spent; a failure is left to the sweeper (purge_after is now). */
  async function purge(transferId: string) {
    await purgeTransferFiles(deps, transfersRepo, transferId, clock.now())
  }

  /** Takes one of the limit's slots, or refuses with 410 when every allowed download is done or in flight. */
  function takeSlot(transferId: string): Promise<string> {
    return database.db.transaction(async (tx) => {
      const slots = createDownloadLimitRepository(tx)
      // The row lock queues concurrent takers of one transfer: each sees the slots of those before it.
      const row = await slots.lockTransfer(transferId)
      if (!row || row.spentAt) throw limitReached()
      const now = clock.now()
      if (row.maxDownloads !== null) {
        await slots.dropLapsedSlots(transferId, now)
        if (row.downloadCount + (await slots.liveSlots(transferId, now)) >= row.maxDownloads) throw limitReached()
      }
      return slots.insertSlot(transferId, new Date(now.getTime() + slotLeaseMs))
    })
  }

  /** Counts a completed download (giving back its slot) and ends the transfer when that was the last one. */
  async function complete(download: CountedDownload, slotId: string | null) {
    const { id } = download.transfer
    const spent = await database.db.transaction(async (tx) => {
      const slots = createDownloadLimitRepository(tx)
      if (slotId) await slots.deleteSlot(slotId)
      const row = await slots.incrementDownloadCount(id)
      if (!row) return false
      if (download.recipientId) {
        await createTransfersRepository(tx).recordDownloads(download.recipientId, download.fileIds, clock.now())
      }
      await deps.webhookEvents?.emit(tx, row.userId, 'transfer.downloaded', {
        id,
        title: row.title,
        download_count: row.downloadCount,
        recipient_email: download.recipientId ? await slots.recipientEmail(download.recipientId) : null,
        file_ids: download.fileIds,
      })
      const limitHit = row.maxDownloads !== null && row.downloadCount >= row.maxDownloads
      const burnt = row.burnAfterDownload && (await slots.everyRecipientDownloaded(id))
      return (limitHit || burnt) && (await slots.markSpent(id, clock.now()))
    })
    if (spent) await purge(id)
  }

  return {
    /**
     * Before anything is sent to anyone but the sender: 410 once the transfer is spent, or while every
     * download its limit allows is completed or in flight (HEAD and ranges too, so none leaks bytes).
     */
    async admit(transfer: Pick<TransferRow, 'id' | 'maxDownloads' | 'downloadCount' | 'spentAt'>) {
      if (transfer.spentAt) throw limitReached()
      if (transfer.maxDownloads === null) return
      const live = await repo.liveSlots(transfer.id, clock.now())
      if (transfer.downloadCount + live >= transfer.maxDownloads) throw limitReached()
    },

    /**
     * A download that will deliver the last byte, before its first byte: a limited transfer's slot is
     * taken here (410 when none is left) and held, renewed, until the response ends.
     */
    async begin(download: CountedDownload): Promise<DownloadTally> {
      const slotId = download.transfer.maxDownloads !== null ? await takeSlot(download.transfer.id) : null
      const renew = slotId
        ? setInterval(() => {
            repo
              .renewSlot(slotId, new Date(clock.now().getTime() + slotLeaseMs))
              .catch((error) => deps.logger.warn({ err: error }, 'Could not renew a download slot'))
          }, slotLeaseMs / 3).unref()
        : undefined
      let settled = false
      const once = (run: () => Promise<void>) => async () => {
        if (settled) return
        settled = true
        clearInterval(renew)
        await run()
      }
      return {
        completed: once(() => complete(download, slotId)),
        cutOff: once(async () => {
          if (slotId) await repo.deleteSlot(slotId)
        }),
      }
    },

    /**
     * After the owner changed the limit or turned burning on: a limit at or below the downloads
     * already completed, or a burn every recipient already met, ends the transfer now.
     */
    async settle(transfer: Pick<TransferRow, 'id' | 'maxDownloads' | 'downloadCount' | 'burnAfterDownload'>) {
      const limitHit = transfer.maxDownloads !== null && transfer.downloadCount >= transfer.maxDownloads
      const burnt = transfer.burnAfterDownload && (await repo.everyRecipientDownloaded(transfer.id))
      if ((limitHit || burnt) && (await repo.markSpent(transfer.id, clock.now()))) await purge(transfer.id)
    },
  }
}

export type DownloadLimit = ReturnType<typeof createDownloadLimit>
