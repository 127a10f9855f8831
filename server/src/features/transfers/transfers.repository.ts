import type { Page, PageRequest } from '@ferry/contracts/api/pagination'
import type { Language } from '@ferry/contracts/domain/languages'
import { and, asc, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.js'
import { keyset } from '../../db/keyset-page.js'
import { fileDownloads, transferFiles, transferRecipients, transfers, users } from '../../db/schema/index.js'
import { roomKeysOf } from './data-room/data-room-keys.js'
import { prepareShareQuery, type ShareAggregate } from './share-query.js'
import type { TransferAggregate, TransferFileRow, TransferRecipientRow, TransferRow } from './transfer-rows.js'

export type { TransferAggregate, TransferFileRow, TransferRecipientRow, TransferRow } from './transfer-rows.js'

export interface NewTransfer {
  transfer: typeof transfers.$inferInsert
  files: Omit<typeof transferFiles.$inferInsert, 'transferId'>[]
  recipients: Omit<typeof transferRecipients.$inferInsert, 'transferId'>[]
}

/** Queries on transfers, their files, recipients and downloads; no rules. */
export function createTransfersRepository(db: DbExecutor) {
  let shareQuery: ReturnType<typeof prepareShareQuery> | undefined

  async function withParts(rows: TransferRow[]): Promise<TransferAggregate[]> {
    if (rows.length === 0) return []
    const ids = rows.map((row) => row.id)
    const [files, recipients] = await Promise.all([
      db
        .select()
        .from(transferFiles)
        .where(inArray(transferFiles.transferId, ids))
        .orderBy(asc(transferFiles.position)),
      db
        .select()
        .from(transferRecipients)
        .where(inArray(transferRecipients.transferId, ids))
        .orderBy(asc(transferRecipients.position)),
    ])
    return rows.map((transfer) => ({
      transfer,
      files: files.filter((f) => f.transferId === transfer.id),
      recipients: recipients.filter((r) => r.transferId === transfer.id),
    }))
  }

  return {
    /** Serialises a user's transfer creations until the transaction ends (so limits count every one). */
    async lockSender(userId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`transfers:${userId}`}, 0))`)
    },

    /** Transfers the user created since `dayStart`, and their bytes since `monthStart` (deleted ones count). */
    async usageSince(userId: string, dayStart: Date, monthStart: Date): Promise<{ today: number; monthBytes: number }> {
      const from = dayStart < monthStart ? dayStart : monthStart
      const [row] = await db
        .select({
          today: sql<number>`count(*) filter (where ${transfers.createdAt} >= ${dayStart})::int`,
          monthBytes: sql<number>`coalesce(sum(${transfers.totalSize}) filter (where ${transfers.createdAt} >= ${monthStart}), 0)::float8`,
        })
        .from(transfers)
        .where(and(eq(transfers.userId, userId), gte(transfers.createdAt, from)))
      return { today: Number(row?.today ?? 0), monthBytes: Number(row?.monthBytes ?? 0) }
    },

    async insert(values: NewTransfer): Promise<TransferAggregate> {
      const [transfer] = await db.insert(transfers).values(values.transfer).returning()
      if (!transfer) throw new Error('Inserting a transfer returned no row')
      const files = await db
        .insert(transferFiles)
        .values(values.files.map((f) => ({ ...f, transferId: transfer.id })))
        .returning()
      // A transfer made by `PUT /api/put` without `to` is shared by its link only.
      const recipients =
        values.recipients.length === 0
          ? []
          : await db
              .insert(transferRecipients)
              .values(values.recipients.map((r) => ({ ...r, transferId: transfer.id })))
              .returning()
      return { transfer, files, recipients }
    },

    async findById(id: string): Promise<TransferAggregate | undefined> {
      const rows = await db.select().from(transfers).where(eq(transfers.id, id))
      return (await withParts(rows))[0]
    },

    /** Every not-deleted transfer of one owner with its files and recipients, oldest first. */
    async listAllOwned(userId: string): Promise<TransferAggregate[]> {
      const rows = await db
        .select()
        .from(transfers)
        .where(and(eq(transfers.userId, userId), isNull(transfers.deletedAt)))
        .orderBy(asc(transfers.createdAt), asc(transfers.id))
      return withParts(rows)
    },

    /** The not-deleted transfers an organization owns (left by removed members), newest first (issue 22). */
    async listOfOrganization(organizationId: string, limit: number): Promise<TransferAggregate[]> {
      const rows = await db
        .select()
        .from(transfers)
        .where(and(eq(transfers.organizationId, organizationId), isNull(transfers.deletedAt)))
        .orderBy(desc(transfers.createdAt), desc(transfers.id))
        .limit(limit)
      return withParts(rows)
    },

    /** The share page's read (transfer, parts, sender's name, downloads) in one query. */
    findShare(uniqueId: string): Promise<ShareAggregate | undefined> {
      shareQuery ??= prepareShareQuery(db)
      return shareQuery(uniqueId)
    },

    /** One page of the not-deleted transfers, newest first; of one user, or of everyone. */
    /**
     * A page of live transfers, newest first: one owner's (`userId`), or everyone's; for the admin
     * list, only owners whose email contains `ownerEmail` (case-insensitive).
     */
    async listPage(
      userId: string | null,
      request: PageRequest,
      options: { ownerEmail?: string } = {},
    ): Promise<Page<TransferAggregate>> {
      const owners = options.ownerEmail
        ? inArray(
            transfers.userId,
            db
              .select({ id: users.id })
              .from(users)
              .where(ilike(users.email, `%${options.ownerEmail.replace(/[\\%_]/g, '\\$&')}%`)),
          )
        : undefined
      const filter = and(
        isNull(transfers.deletedAt),
        userId === null ? undefined : eq(transfers.userId, userId),
        owners,
      )
      const page = keyset({ at: transfers.createdAt, id: transfers.id }, request)
      const [rows, total] = await Promise.all([
        db
          .select({ transfer: transfers, cursorAt: page.cursorAt })
          .from(transfers)
          .where(and(filter, page.where))
          .orderBy(...page.orderBy)
          .limit(page.take),
        db.$count(transfers, filter),
      ])
      return page.page(
        rows,
        total,
        (r) => r.transfer.id,
        (shown) => withParts(shown.map((r) => r.transfer)),
      )
    },

    /** Email and name of each given owner, by id. */
    async ownersOf(userIds: string[]): Promise<Map<string, { email: string; name: string }>> {
      if (userIds.length === 0) return new Map()
      const rows = await db
        .select({ id: users.id, email: users.email, name: users.name })
        .from(users)
        .where(inArray(users.id, [...new Set(userIds)]))
      return new Map(rows.map((row) => [row.id, { email: row.email, name: row.name }]))
    },

    /** The owner's address, name and language, for the emails Ferry writes them. */
    async ownerContact(userId: string): Promise<{ email: string; name: string; language: Language } | undefined> {
      const [row] = await db
        .select({ email: users.email, name: users.name, language: users.language })
        .from(users)
        .where(eq(users.id, userId))
      return row
    },

    /** Changes what the owner may edit of a live transfer; the row as it is now, or undefined when deleted. */
    async update(
      id: string,
      values: Partial<
        Pick<
          TransferRow,
          | 'title'
          | 'message'
          | 'passwordHash'
          | 'remindersEnabled'
          | 'expiresAt'
          | 'purgeAfter'
          | 'reminderSentAt'
          | 'access'
          | 'maxDownloads'
          | 'burnAfterDownload'
          | 'sftpInEmail'
          | 'cleanDataRoom'
          | 'dataRoomPdfDownload'
          | 'backgroundId'
        >
      >,
    ): Promise<TransferRow | undefined> {
      const [row] = await db
        .update(transfers)
        .set(values)
        .where(and(eq(transfers.id, id), isNull(transfers.deletedAt)))
        .returning()
      return row
    },

    /** Locks a live transfer's row until the transaction ends (edits of its files and recipients serialise). */
    async lockLive(id: string): Promise<TransferRow | undefined> {
      const [row] = await db
        .select()
        .from(transfers)
        .where(and(eq(transfers.id, id), isNull(transfers.deletedAt)))
        .for('update')
      return row
    },

    /**
     * Makes `emails` (in order) the transfer's recipients: kept addresses keep their row and
     * tracking id, removed ones are deleted (their link and download records with them), new
     * ones are inserted. The rows as they are now, and the new ones.
     */
    async replaceRecipients(
      transferId: string,
      emails: readonly string[],
      newTrackingId: () => string,
    ): Promise<{ recipients: TransferRecipientRow[]; added: TransferRecipientRow[]; removed: number }> {
      const current = await db.select().from(transferRecipients).where(eq(transferRecipients.transferId, transferId))
      const wanted = new Set(emails)
      const gone = current.filter((r) => !wanted.has(r.email)).map((r) => r.id)
      if (gone.length > 0) await db.delete(transferRecipients).where(inArray(transferRecipients.id, gone))
      const kept = new Map(current.filter((r) => wanted.has(r.email)).map((r) => [r.email, r]))
      for (const [position, email] of emails.entries()) {
        const row = kept.get(email)
        if (row && row.position !== position) {
          await db.update(transferRecipients).set({ position }).where(eq(transferRecipients.id, row.id))
        }
      }
      const fresh = emails.flatMap((email, position) =>
        kept.has(email) ? [] : [{ transferId, email, trackingId: newTrackingId(), position }],
      )
      const added = fresh.length > 0 ? await db.insert(transferRecipients).values(fresh).returning() : []
      const recipients = await db
        .select()
        .from(transferRecipients)
        .where(eq(transferRecipients.transferId, transferId))
        .orderBy(asc(transferRecipients.position))
      return { recipients, added, removed: gone.length }
    },

    /** Appends files after the transfer's last one and adds their bytes to its total. */
    async appendFiles(
      transferId: string,
      files: Omit<typeof transferFiles.$inferInsert, 'transferId' | 'position'>[],
    ): Promise<TransferRow | undefined> {
      const [last] = await db
        .select({ position: sql<number>`coalesce(max(${transferFiles.position}), -1)::int` })
        .from(transferFiles)
        .where(eq(transferFiles.transferId, transferId))
      const start = Number(last?.position ?? -1) + 1
      await db.insert(transferFiles).values(files.map((f, i) => ({ ...f, transferId, position: start + i })))
      const added = files.reduce((sum, f) => sum + f.fileSize, 0)
      const [row] = await db
        .update(transfers)
        .set({ totalSize: sql`${transfers.totalSize} + ${added}` })
        .where(eq(transfers.id, transferId))
        .returning()
      return row
    },

    /** Deletes one file row of the transfer and takes its bytes off the total; the deleted row, or undefined. */
    /** The ids of a transfer's files stored under these keys. */
    async fileIdsByKeys(transferId: string, keys: readonly string[]): Promise<string[]> {
      if (keys.length === 0) return []
      const rows = await db
        .select({ id: transferFiles.id })
        .from(transferFiles)
        .where(and(eq(transferFiles.transferId, transferId), inArray(transferFiles.fileKey, [...keys])))
      return rows.map((r) => r.id)
    },

    async deleteFile(transferId: string, fileId: string): Promise<TransferFileRow | undefined> {
      const [file] = await db
        .delete(transferFiles)
        .where(and(eq(transferFiles.id, fileId), eq(transferFiles.transferId, transferId)))
        .returning()
      if (!file) return undefined
      await db
        .update(transfers)
        .set({ totalSize: sql`greatest(${transfers.totalSize} - ${file.fileSize}, 0)` })
        .where(eq(transfers.id, transferId))
      return file
    },

    /** How many files the transfer has. */
    async fileCount(transferId: string): Promise<number> {
      return db.$count(transferFiles, eq(transferFiles.transferId, transferId))
    },

    /** Sets first_accessed_at once. */
    async recordFirstAccess(recipientId: string, at: Date): Promise<Date | undefined> {
      const [row] = await db
        .update(transferRecipients)
        .set({ firstAccessedAt: at })
        .where(and(eq(transferRecipients.id, recipientId), isNull(transferRecipients.firstAccessedAt)))
        .returning({ at: transferRecipients.firstAccessedAt })
      return row?.at ?? undefined
    },

    async recordDownloads(recipientId: string, fileIds: string[], at: Date): Promise<void> {
      if (fileIds.length === 0) return
      await db
        .insert(fileDownloads)
        .values(fileIds.map((fileId) => ({ recipientId, fileId, completedAt: at })))
        .onConflictDoNothing()
    },

    /** Sets deleted_at if not set yet; the row as it is now, or undefined when it was already deleted. */
    async softDelete(id: string, at: Date): Promise<TransferRow | undefined> {
      const [row] = await db
        .update(transfers)
        .set({ deletedAt: at })
        .where(and(eq(transfers.id, id), isNull(transfers.deletedAt)))
        .returning()
      return row
    },

    /** Transfers expired since `since` (not deleted) whose `transfer.expired` event was not written yet. */
    listExpiredWithoutEvent(now: Date, since: Date, limit: number): Promise<{ id: string }[]> {
      return db
        .select({ id: transfers.id })
        .from(transfers)
        .where(
          and(
            isNull(transfers.expiredEventAt),
            isNull(transfers.deletedAt),
            lte(transfers.expiresAt, now),
            gt(transfers.expiresAt, since),
          ),
        )
        .orderBy(asc(transfers.expiresAt))
        .limit(limit)
    },

    /** Takes the transfer's expiry event (once, whichever instance comes first); the row, or undefined. */
    async takeExpiredEvent(id: string, now: Date): Promise<TransferRow | undefined> {
      const [row] = await db
        .update(transfers)
        .set({ expiredEventAt: now })
        .where(
          and(
            eq(transfers.id, id),
            isNull(transfers.expiredEventAt),
            isNull(transfers.deletedAt),
            lte(transfers.expiresAt, now),
          ),
        )
        .returning()
      return row
    },

    /** Transfers whose files are due for deletion: deleted, or past purge_after; oldest first. */
    async listPurgeable(now: Date, limit: number): Promise<TransferRow[]> {
      return db
        .select()
        .from(transfers)
        .where(
          and(isNull(transfers.filesDeletedAt), or(isNotNull(transfers.deletedAt), lte(transfers.purgeAfter, now))),
        )
        .orderBy(asc(transfers.purgeAfter))
        .limit(limit)
    },

    /** Every stored object of a transfer: its files and their derivatives (previews). */
    async fileKeysOf(transferId: string): Promise<string[]> {
      const rows = await db
        .select({
          key: transferFiles.fileKey,
          thumbnail: transferFiles.thumbnailKey,
          preview: transferFiles.previewKey,
          roomPages: transferFiles.roomPages,
          roomPdfKey: transferFiles.roomPdfKey,
        })
        .from(transferFiles)
        .where(eq(transferFiles.transferId, transferId))
      return rows.flatMap((r) => [
        ...[r.key, r.thumbnail, r.preview].filter((key): key is string => key !== null),
        // The data room's renders (issue 19 item 3).
        ...roomKeysOf({ fileKey: r.key, roomPages: r.roomPages, roomPdfKey: r.roomPdfKey }),
      ])
    },

    /**
     * Takes a transfer for purging: marks its files deleted if it is still due (deleted, or past
     * purge_after). Of several sweepers (or a sweeper and a recovery) exactly one wins.
     */
    async takeForPurge(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(transfers)
        .set({ filesDeletedAt: now })
        .where(
          and(
            eq(transfers.id, id),
            isNull(transfers.filesDeletedAt),
            or(isNotNull(transfers.deletedAt), lte(transfers.purgeAfter, now)),
          ),
        )
        .returning({ id: transfers.id })
      return rows.length === 1
    },

    /** Undoes takeForPurge when the files could not be deleted, so a later sweep tries again. */
    async releasePurge(id: string): Promise<void> {
      await db.update(transfers).set({ filesDeletedAt: null }).where(eq(transfers.id, id))
    },

    /** Moves expiry and purge time after a recovery payment. */
    async extend(
      id: string,
      values: { expiresAt: Date; purgeAfter: Date; recoverySessionId: string; recoveredAt: Date },
    ): Promise<TransferRow | undefined> {
      const [row] = await db
        .update(transfers)
        .set(values)
        .where(and(eq(transfers.id, id), isNull(transfers.filesDeletedAt), isNull(transfers.deletedAt)))
        .returning()
      return row
    },
  }
}

export type TransfersRepository = ReturnType<typeof createTransfersRepository>
