import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.js'
import { fileDownloads, transferRecipients, transfers, users } from '../../db/schema/index.js'

const day = 24 * 3600_000
/** How far back a sweep looks for expired transfers whose sender was not told yet. */
const noticeLookbackMs = 7 * day

/** Queries of the reminder job (issue 18 item 6); no rules. */
export function createTransferRemindersRepository(db: DbExecutor) {
  /** Recipients of a transfer who never completed a download, in their order. */
  async function notDownloaded(transferId: string): Promise<{ email: string; trackingId: string }[]> {
    return db
      .select({ email: transferRecipients.email, trackingId: transferRecipients.trackingId })
      .from(transferRecipients)
      .where(
        and(
          eq(transferRecipients.transferId, transferId),
          sql`not exists (select 1 from ${fileDownloads} where ${fileDownloads.recipientId} = ${transferRecipients.id})`,
        ),
      )
      .orderBy(transferRecipients.position)
  }

  return {
    notDownloaded,

    /**
     * Live transfers with reminders on, due within a day and not reminded yet; only those that
     * lived longer than a day (a one-day transfer would be reminded as it is sent).
     */
    async dueReminders(now: Date, limit: number): Promise<{ id: string }[]> {
      return db
        .select({ id: transfers.id })
        .from(transfers)
        .where(
          and(
            isNull(transfers.deletedAt),
            eq(transfers.remindersEnabled, true),
            isNull(transfers.reminderSentAt),
            gt(transfers.expiresAt, now),
            lte(transfers.expiresAt, new Date(now.getTime() + day)),
            sql`${transfers.expiresAt} - ${transfers.createdAt} > interval '24 hours'`,
          ),
        )
        .limit(limit)
    },

    /** Transfers expired in the last week whose sender was not told yet. */
    async dueExpiryNotices(now: Date, limit: number): Promise<{ id: string }[]> {
      return db
        .select({ id: transfers.id })
        .from(transfers)
        .where(
          and(
            isNull(transfers.deletedAt),
            isNull(transfers.expiryNoticeSentAt),
            lte(transfers.expiresAt, now),
            gt(transfers.expiresAt, new Date(now.getTime() - noticeLookbackMs)),
          ),
        )
        .limit(limit)
    },

    /** Takes the transfer's reminder (once, whichever instance comes first); the row with its sender, or undefined. */
    async takeReminder(id: string, now: Date) {
      const [row] = await db
        .update(transfers)
        .set({ reminderSentAt: now })
        .where(and(eq(transfers.id, id), isNull(transfers.reminderSentAt)))
        .returning()
      return row
    },

    /** Takes the transfer's expiry notice (once); the row, or undefined. */
    async takeExpiryNotice(id: string, now: Date) {
      const [row] = await db
        .update(transfers)
        .set({ expiryNoticeSentAt: now })
        .where(and(eq(transfers.id, id), isNull(transfers.expiryNoticeSentAt)))
        .returning()
      return row
    },

    async sender(userId: string | null) {
      if (!userId) return undefined
      const [row] = await db
        .select({ name: users.name, email: users.email, language: users.language })
        .from(users)
        .where(eq(users.id, userId))
      return row
    },
  }
}
