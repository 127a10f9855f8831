import { and, asc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.js'
import { pendingUploads } from '../../db/schema/index.js'

export type PendingUploadRow = typeof pendingUploads.$inferSelect
export type NewPendingUploadRow = typeof pendingUploads.$inferInsert

/** Whose allowance an upload takes from: a user's own sending, or a request link's. */
export type ReservationScope = { userId: string } | { requestId: string }

/** Queries on pending_uploads; no rules (on the database or a caller's transaction, as in claimUploads). */
export function createUploadsRepository(db: DbExecutor) {
  return {
    async insert(values: NewPendingUploadRow): Promise<PendingUploadRow> {
      const [row] = await db.insert(pendingUploads).values(values).returning()
      if (!row) throw new Error(`Inserting pending upload ${values.key} returned no row`)
      return row
    },

    async find(key: string): Promise<PendingUploadRow | undefined> {
      const [row] = await db.select().from(pendingUploads).where(eq(pendingUploads.key, key))
      return row
    },

    /** The rows of `keys`, locked until the caller's transaction ends. */
    lockMany(keys: string[]): Promise<PendingUploadRow[]> {
      return db.select().from(pendingUploads).where(inArray(pendingUploads.key, keys)).for('update')
    },

    /**
     * Serialises the admissions of one scope (a user's own uploads, or a request link's) until
     * the caller's transaction ends, so two starts cannot both take the last of an allowance.
     */
    async lockScope(scope: ReservationScope): Promise<void> {
      const name = 'userId' in scope ? `uploads:user:${scope.userId}` : `uploads:request:${scope.requestId}`
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`)
    },

    /**
     * The bytes a scope's unclaimed uploads may hold (their bound, not what has arrived so far):
     * a user's own uploads, or every upload to a request link.
     */
    async reservedBytes(scope: ReservationScope): Promise<number> {
      const owned =
        'userId' in scope
          ? and(eq(pendingUploads.userId, scope.userId), isNull(pendingUploads.requestId))
          : eq(pendingUploads.requestId, scope.requestId)
      const [row] = await db
        .select({ bytes: sql<number>`coalesce(sum(${pendingUploads.maxBytes}), 0)::float8` })
        .from(pendingUploads)
        .where(and(owned, ne(pendingUploads.status, 'claimed')))
      return Number(row?.bytes ?? 0)
    },

    async extend(key: string, expiresAt: Date): Promise<void> {
      await db.update(pendingUploads).set({ expiresAt }).where(eq(pendingUploads.key, key))
    },

    /** Marks a pending multipart upload of `uploadId` uploaded; false when it no longer is pending. */
    async markUploaded(key: string, uploadId: string, expiresAt: Date): Promise<boolean> {
      const rows = await db
        .update(pendingUploads)
        .set({ status: 'uploaded', expiresAt })
        .where(
          and(eq(pendingUploads.key, key), eq(pendingUploads.uploadId, uploadId), eq(pendingUploads.status, 'pending')),
        )
        .returning({ key: pendingUploads.key })
      return rows.length === 1
    },

    /** Marks the row claimed, its object now at `claimedKey`, kept (spent) until `expiresAt`. */
    async markClaimed(key: string, claimedKey: string, expiresAt: Date): Promise<void> {
      await db
        .update(pendingUploads)
        .set({ status: 'claimed', claimedKey, expiresAt: sql`greatest(${pendingUploads.expiresAt}, ${expiresAt})` })
        .where(eq(pendingUploads.key, key))
    },

    /** Deletes the row if it is still pending; false when it was not. */
    /** A streamed upload's real size, once its body is in: what it reserves from now on. */
    async settleSize(key: string, size: number): Promise<void> {
      await db
        .update(pendingUploads)
        .set({ declaredSize: size, maxBytes: size })
        .where(and(eq(pendingUploads.key, key), eq(pendingUploads.status, 'pending')))
    },

    async deletePending(key: string): Promise<boolean> {
      const rows = await db
        .delete(pendingUploads)
        .where(and(eq(pendingUploads.key, key), eq(pendingUploads.status, 'pending')))
        .returning({ key: pendingUploads.key })
      return rows.length === 1
    },

    async delete(key: string): Promise<void> {
      await db.delete(pendingUploads).where(eq(pendingUploads.key, key))
    },

    /** Rows expired at `now` (claimed or not), by key, after `afterKey` (a page of the sweep). */
    listExpired(now: Date, afterKey: string, limit: number): Promise<PendingUploadRow[]> {
      return db
        .select()
        .from(pendingUploads)
        .where(and(lte(pendingUploads.expiresAt, now), gt(pendingUploads.key, afterKey)))
        .orderBy(asc(pendingUploads.key))
        .limit(limit)
    },

    /**
     * Deletes the row if it is still expired, returning it as it was. Of several sweepers (or a
     * sweeper and a claim, which extends the expiry) racing for one row, exactly one gets it.
     */
    async takeExpired(key: string, now: Date): Promise<PendingUploadRow | undefined> {
      const [row] = await db
        .delete(pendingUploads)
        .where(and(eq(pendingUploads.key, key), lte(pendingUploads.expiresAt, now)))
        .returning()
      return row
    },

    /** Puts back a row taken by takeExpired (its bytes could not be deleted). */
    async restore(row: PendingUploadRow): Promise<void> {
      await db.insert(pendingUploads).values(row).onConflictDoNothing()
    },

    /** Rows in the table (tests and diagnostics). */
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(pendingUploads)
      return row?.n ?? 0
    },
  }
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>
