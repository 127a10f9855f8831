import { and, count, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.js'
import { downloadSlots, transferRecipients, transfers } from '../../db/schema/index.js'

/** Queries behind the download limit (download-limit.ts); no rules. */
export function createDownloadLimitRepository(db: DbExecutor) {
  return {
    /** Locks the transfer's row until the transaction ends: reservations of one transfer queue here. */
    async lockTransfer(transferId: string) {
      const [row] = await db
        .select({
          maxDownloads: transfers.maxDownloads,
          downloadCount: transfers.downloadCount,
          spentAt: transfers.spentAt,
        })
        .from(transfers)
        .where(eq(transfers.id, transferId))
        .for('update')
      return row
    },

    /** Downloads of the transfer in flight whose lease has not run out. */
    async liveSlots(transferId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(downloadSlots)
        .where(and(eq(downloadSlots.transferId, transferId), gt(downloadSlots.heldUntil, now)))
      return Number(row?.n ?? 0)
    },

    /** Forgets the transfer's slots whose instance stopped renewing them. */
    async dropLapsedSlots(transferId: string, now: Date): Promise<void> {
      await db
        .delete(downloadSlots)
        .where(and(eq(downloadSlots.transferId, transferId), lte(downloadSlots.heldUntil, now)))
    },

    async insertSlot(transferId: string, heldUntil: Date): Promise<string> {
      const [row] = await db.insert(downloadSlots).values({ transferId, heldUntil }).returning({ id: downloadSlots.id })
      if (!row) throw new Error('Inserting a download slot returned no row')
      return row.id
    },

    async recipientEmail(recipientId: string): Promise<string | null> {
      const [row] = await db
        .select({ email: transferRecipients.email })
        .from(transferRecipients)
        .where(eq(transferRecipients.id, recipientId))
      return row?.email ?? null
    },

    async renewSlot(slotId: string, heldUntil: Date): Promise<void> {
      await db.update(downloadSlots).set({ heldUntil }).where(eq(downloadSlots.id, slotId))
    },

    async deleteSlot(slotId: string): Promise<void> {
      await db.delete(downloadSlots).where(eq(downloadSlots.id, slotId))
    },

    /** One more completed download; the transfer's limits as they are now. */
    async incrementDownloadCount(transferId: string) {
      const [row] = await db
        .update(transfers)
        .set({ downloadCount: sql`${transfers.downloadCount} + 1` })
        .where(eq(transfers.id, transferId))
        .returning({
          userId: transfers.userId,
          title: transfers.title,
          downloadCount: transfers.downloadCount,
          maxDownloads: transfers.maxDownloads,
          burnAfterDownload: transfers.burnAfterDownload,
        })
      return row
    },

    /** Whether the transfer has recipients and each completed a download of every one of its files. */
    async everyRecipientDownloaded(transferId: string): Promise<boolean> {
      // Written out with aliases: drizzle leaves columns unqualified in a one-table select, which a
      // correlated subquery would read as its own table's.
      const result = await db.execute(sql`
        select count(*)::int as recipients,
          count(*) filter (where exists (
            select 1 from transfer_files f where f.transfer_id = r.transfer_id
            and not exists (select 1 from file_downloads d where d.recipient_id = r.id and d.file_id = f.id)
          ))::int as pending
        from transfer_recipients r where r.transfer_id = ${transferId}`)
      const row = (result as unknown as { rows: { recipients: number; pending: number }[] }).rows[0]
      return Number(row?.recipients ?? 0) > 0 && Number(row?.pending ?? 0) === 0
    },

    /**
     * Marks the transfer spent and due for purging now (once; the sweeper purges it should the
     * immediate purge fail). True when this call marked it.
     */
    async markSpent(transferId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(transfers)
        .set({ spentAt: now, purgeAfter: sql`least(${transfers.purgeAfter}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(transfers.id, transferId), isNull(transfers.spentAt)))
        .returning({ id: transfers.id })
      return rows.length === 1
    },
  }
}
