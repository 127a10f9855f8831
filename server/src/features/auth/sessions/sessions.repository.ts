import { and, asc, eq, gt, lt, ne } from 'drizzle-orm'
import type { Db } from '../../../db/database.js'
import { authSessions, users } from '../../../db/schema/index.js'
import { toUserRecord, type UserRecord } from '../../users/users.types.js'

export type AuthSessionRow = typeof authSessions.$inferSelect

/** Rows of signed-in sessions (decision 0028). No rules. */
export function createSessionsRepository(db: Db) {
  return {
    async create(values: Omit<AuthSessionRow, 'id' | 'createdAt' | 'lastSeenAt'> & { now: Date }): Promise<void> {
      const { now, ...rest } = values
      await db.insert(authSessions).values({ ...rest, createdAt: now, lastSeenAt: now })
    },

    /**
     * The user of a live session, fresh: the session row by its token hash (unique index) joined
     * to the user by primary key, of the token's epoch, unexpired. One query per request.
     */
    async findLive(
      userId: string,
      tokenHash: string,
      epoch: number,
      now: Date,
    ): Promise<{ user: UserRecord; sessionId: string; lastSeenAt: Date } | undefined> {
      const [row] = await db
        .select({ user: users, sessionId: authSessions.id, lastSeenAt: authSessions.lastSeenAt })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(
          and(
            eq(authSessions.tokenHash, tokenHash),
            eq(authSessions.userId, userId),
            eq(authSessions.epoch, epoch),
            eq(users.sessionEpoch, epoch),
            gt(authSessions.expiresAt, now),
          ),
        )
      return row && { user: toUserRecord(row.user), sessionId: row.sessionId, lastSeenAt: row.lastSeenAt }
    },

    /** Moves last-seen on, unless another request did since `before`. */
    async touch(id: string, now: Date, before: Date): Promise<void> {
      await db
        .update(authSessions)
        .set({ lastSeenAt: now })
        .where(and(eq(authSessions.id, id), lt(authSessions.lastSeenAt, before)))
    },

    /** The account's sessions of its current epoch that have not expired, newest use first. */
    async listLive(userId: string, epoch: number, now: Date): Promise<AuthSessionRow[]> {
      return db
        .select()
        .from(authSessions)
        .where(and(eq(authSessions.userId, userId), eq(authSessions.epoch, epoch), gt(authSessions.expiresAt, now)))
        .orderBy(asc(authSessions.createdAt))
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(authSessions)
        .where(and(eq(authSessions.userId, userId), eq(authSessions.id, id)))
        .returning({ id: authSessions.id })
      return rows.length === 1
    },

    /** Every session of the account but `keepId`; returns how many ended. */
    async removeOthers(userId: string, keepId: string): Promise<number> {
      const rows = await db
        .delete(authSessions)
        .where(and(eq(authSessions.userId, userId), ne(authSessions.id, keepId)))
        .returning({ id: authSessions.id })
      return rows.length
    },

    async sweepExpired(now: Date): Promise<number> {
      const rows = await db
        .delete(authSessions)
        .where(lt(authSessions.expiresAt, now))
        .returning({ id: authSessions.id })
      return rows.length
    },
  }
}
