import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.js'
import {
  type DataRoomAction,
  dataRoomLog,
  dataRoomViews,
  transferFiles,
  transferRecipients,
  transfers,
} from '../../../db/schema/index.js'

export interface RoomRender {
  roomStatus: 'ready' | 'unsupported'
  roomPages: number | null
  roomPageWidth: number | null
  roomPageHeight: number | null
  roomPdfKey: string | null
}

export interface LogAppend {
  transferId: string
  at: Date
  action: DataRoomAction
  recipientId: string
  email: string
  fileId: string
  fileName: string
  page?: number | null
  viewId?: string | null
  durationMs?: number | null
}

/** The data room's tables and columns (issue 19 item 3); no rules. The log is only ever inserted into. */
export function createDataRoomRepository(db: DbExecutor) {
  const liveTransfer = () =>
    eq(
      transferFiles.transferId,
      db
        .select({ id: transfers.id })
        .from(transfers)
        .where(and(eq(transfers.id, transferFiles.transferId), isNull(transfers.filesDeletedAt))),
    )

  return {
    /** A file whose transfer still has its files. */
    async liveFile(fileId: string) {
      const [row] = await db
        .select({ fileKey: transferFiles.fileKey, fileSize: transferFiles.fileSize })
        .from(transferFiles)
        .innerJoin(transfers, eq(transfers.id, transferFiles.transferId))
        .where(and(eq(transferFiles.id, fileId), isNull(transfers.filesDeletedAt)))
      return row
    },

    /** Marks files as waiting for their pages (those never asked for: a data room turned on again keeps its renders). */
    async markPending(fileIds: readonly string[]): Promise<string[]> {
      if (fileIds.length === 0) return []
      const rows = await db
        .update(transferFiles)
        .set({ roomStatus: 'pending' })
        .where(and(inArray(transferFiles.id, [...fileIds]), isNull(transferFiles.roomStatus)))
        .returning({ id: transferFiles.id })
      return rows.map((r) => r.id)
    },

    /** The files of a transfer that never had pages asked for. */
    async unrenderedFiles(transferId: string): Promise<string[]> {
      const rows = await db
        .select({ id: transferFiles.id })
        .from(transferFiles)
        .where(and(eq(transferFiles.transferId, transferId), isNull(transferFiles.roomStatus)))
      return rows.map((r) => r.id)
    },

    /** Records the renders only while the transfer still has its files; false when it no longer does. */
    async saveRender(fileId: string, render: RoomRender): Promise<boolean> {
      const rows = await db
        .update(transferFiles)
        .set(render)
        .where(and(eq(transferFiles.id, fileId), liveTransfer()))
        .returning({ id: transferFiles.id })
      return rows.length === 1
    },

    async insertView(view: typeof dataRoomViews.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(dataRoomViews)
        .values(view)
        .onConflictDoNothing({ target: dataRoomViews.id })
        .returning({ id: dataRoomViews.id })
      return rows.length === 1
    },

    async view(viewId: string) {
      const [row] = await db.select().from(dataRoomViews).where(eq(dataRoomViews.id, viewId))
      return row
    },

    async append(entry: LogAppend): Promise<void> {
      await db.insert(dataRoomLog).values(entry)
    },

    /**
     * Page and PDF entries of a transfer, newest first, each page with the time on screen of the
     * first `seen` row of its view and page after it (docs/decisions/0024).
     */
    async entries(transferId: string, options: { before?: number; limit?: number } = {}) {
      // Qualified by hand: drizzle writes a one-table query's columns bare, which inside the
      // subquery would name its own rows.
      const seen = sql<number | null>`(
        select s.duration_ms from ${dataRoomLog} s
        where s.view_id = "data_room_log"."view_id" and s.page = "data_room_log"."page"
          and s.action = 'seen' and s.id > "data_room_log"."id"
        order by s.id limit 1
      )`
      const query = db
        .select({
          id: dataRoomLog.id,
          at: dataRoomLog.at,
          action: dataRoomLog.action,
          recipientId: dataRoomLog.recipientId,
          email: dataRoomLog.email,
          fileId: dataRoomLog.fileId,
          fileName: dataRoomLog.fileName,
          page: dataRoomLog.page,
          viewId: dataRoomLog.viewId,
          durationMs: seen.mapWith((v: unknown) => (v === null ? null : Number(v))),
        })
        .from(dataRoomLog)
        .where(
          and(
            eq(dataRoomLog.transferId, transferId),
            inArray(dataRoomLog.action, ['page', 'pdf']),
            options.before === undefined ? undefined : lt(dataRoomLog.id, options.before),
          ),
        )
        .orderBy(desc(dataRoomLog.id))
      return options.limit === undefined ? query : query.limit(options.limit)
    },

    /** Each recipient with their revocation, their latest page view and how many pages they were sent. */
    async viewers(transferId: string) {
      return db
        .select({
          recipientId: transferRecipients.id,
          email: transferRecipients.email,
          revokedAt: transferRecipients.roomRevokedAt,
          lastSeenAt: sql<Date | null>`(
            select max(l.at) from ${dataRoomLog} l
            where l.transfer_id = "transfer_recipients"."transfer_id" and l.recipient_id = "transfer_recipients"."id"
          )`.mapWith(dataRoomLog.at),
          pagesViewed: sql<number>`(
            select count(*) from ${dataRoomLog} l
            where l.transfer_id = "transfer_recipients"."transfer_id" and l.recipient_id = "transfer_recipients"."id"
              and l.action = 'page'
          )`.mapWith(Number),
        })
        .from(transferRecipients)
        .where(eq(transferRecipients.transferId, transferId))
        .orderBy(transferRecipients.position)
    },

    /** Sets or clears a recipient's revocation; false when they are not this transfer's. */
    async setRevoked(transferId: string, recipientId: string, revokedAt: Date | null): Promise<boolean> {
      const rows = await db
        .update(transferRecipients)
        .set({ roomRevokedAt: revokedAt })
        .where(and(eq(transferRecipients.transferId, transferId), eq(transferRecipients.id, recipientId)))
        .returning({ id: transferRecipients.id })
      return rows.length === 1
    },
  }
}

export type DataRoomRepository = ReturnType<typeof createDataRoomRepository>
