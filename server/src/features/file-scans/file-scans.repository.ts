import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.js'
import { receivedFiles, receivedGroups, transferFiles, transfers, users } from '../../db/schema/index.js'
import type { DigestedTable } from '../file-digests/file-digests.types.js'

export type ScanStatus = 'pending' | 'clean' | 'infected' | 'not_scanned'

/** The scan columns of both file tables and the transfers' hold; no rules (docs/decisions/0039). */
export function createFileScansRepository(db: DbExecutor) {
  return {
    /** Marks new files as waiting for the scanner (in the transaction that records them). */
    async markPending(table: DigestedTable, fileIds: readonly string[]): Promise<void> {
      if (fileIds.length === 0) return
      const fields = { scanStatus: 'pending' as const, scanSignature: null }
      if (table === 'transfer') await db.update(transferFiles).set(fields).where(inArray(transferFiles.id, fileIds))
      else await db.update(receivedFiles).set(fields).where(inArray(receivedFiles.id, fileIds))
    },

    /**
     * Holds the transfer while its new files are scanned; a frozen one stays frozen.
     * `notifyPending`: its recipients' first email waits for the scan.
     */
    async hold(transferId: string, notifyPending: boolean): Promise<void> {
      await db
        .update(transfers)
        .set({
          scanHold: sql`case when ${transfers.scanHold} = 'frozen' then 'frozen' else 'scanning' end`,
          ...(notifyPending ? { scanNotifyPending: true } : {}),
        })
        .where(eq(transfers.id, transferId))
    },

    /** The file and its owner transfer or group while its bytes are kept, with its scan status. */
    async liveFile(table: DigestedTable, fileId: string) {
      if (table === 'transfer') {
        const [row] = await db
          .select({
            fileKey: transferFiles.fileKey,
            fileName: transferFiles.fileName,
            scanStatus: transferFiles.scanStatus,
            parentId: transferFiles.transferId,
          })
          .from(transferFiles)
          .innerJoin(transfers, eq(transfers.id, transferFiles.transferId))
          .where(and(eq(transferFiles.id, fileId), isNull(transfers.filesDeletedAt)))
        return row
      }
      const [row] = await db
        .select({
          fileKey: receivedFiles.fileKey,
          fileName: receivedFiles.fileName,
          scanStatus: receivedFiles.scanStatus,
          parentId: receivedFiles.groupId,
        })
        .from(receivedFiles)
        .innerJoin(receivedGroups, eq(receivedGroups.id, receivedFiles.groupId))
        .where(and(eq(receivedFiles.id, fileId), isNull(receivedGroups.filesDeletedAt)))
      return row
    },

    async saveVerdict(
      table: DigestedTable,
      fileId: string,
      status: Exclude<ScanStatus, 'pending'>,
      signature: string | null,
    ): Promise<void> {
      const fields = { scanStatus: status, scanSignature: signature }
      if (table === 'transfer') await db.update(transferFiles).set(fields).where(eq(transferFiles.id, fileId))
      else await db.update(receivedFiles).set(fields).where(eq(receivedFiles.id, fileId))
    },

    /**
     * Freezes the transfer (an infected file): true when this call froze it, so the sender is told
     * once however many files are infected and however often a job runs.
     */
    async freeze(transferId: string): Promise<boolean> {
      const rows = await db
        .update(transfers)
        .set({ scanHold: 'frozen' })
        .where(and(eq(transfers.id, transferId), sql`${transfers.scanHold} is distinct from 'frozen'`))
        .returning({ id: transfers.id })
      return rows.length > 0
    },

    /**
     * Lifts a 'scanning' hold once no file of the transfer waits: one statement, so two instances
     * finishing its last two files lift it once. Returns whether the recipients' first email was
     * waiting for it (the caller sends it), or undefined when nothing was lifted. Also called
     * when a retried job finds its verdict saved, so a crash between the two steps heals.
     */
    async release(transferId: string): Promise<{ notify: boolean } | undefined> {
      const rows = await db
        .update(transfers)
        .set({ scanHold: null })
        .where(
          and(
            eq(transfers.id, transferId),
            eq(transfers.scanHold, 'scanning'),
            sql`not exists (select 1 from ${transferFiles} where ${transferFiles.transferId} = ${transferId} and ${transferFiles.scanStatus} = 'pending')`,
          ),
        )
        .returning({ id: transfers.id })
      if (rows.length === 0) return undefined
      return { notify: await this.takeNotify(transferId) }
    },

    /**
     * Whether the recipients' first email still waits for a released transfer: true once, for
     * whoever clears the flag (a retried job or a second instance then sends nothing).
     */
    async takeNotify(transferId: string): Promise<boolean> {
      const rows = await db
        .update(transfers)
        .set({ scanNotifyPending: false })
        .where(and(eq(transfers.id, transferId), eq(transfers.scanNotifyPending, true), isNull(transfers.scanHold)))
        .returning({ id: transfers.id })
      return rows.length > 0
    },

    /** An admin's release of a frozen transfer (a false positive): whether its recipients' first email waited. */
    async unfreeze(transferId: string): Promise<{ notify: boolean } | undefined> {
      const rows = await db
        .update(transfers)
        .set({ scanHold: null })
        .where(and(eq(transfers.id, transferId), eq(transfers.scanHold, 'frozen')))
        .returning({ id: transfers.id })
      if (rows.length === 0) return undefined
      return { notify: await this.takeNotify(transferId) }
    },

    /** The transfer's sender (to tell of an infected file), in their language. */
    async senderOf(transferId: string) {
      const [row] = await db
        .select({
          title: transfers.title,
          createdAt: transfers.createdAt,
          email: users.email,
          name: users.name,
          language: users.language,
        })
        .from(transfers)
        .innerJoin(users, eq(users.id, transfers.userId))
        .where(eq(transfers.id, transferId))
      return row
    },

    /** Who to alert when the scanner is down. */
    async admins() {
      return db
        .select({ email: users.email, name: users.name, language: users.language })
        .from(users)
        .where(eq(users.role, 'ADMIN'))
    },
  }
}
