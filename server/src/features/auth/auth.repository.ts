import { and, eq, isNull, lte, notExists, sql } from 'drizzle-orm'
import type { Db } from '../../db/database.js'
import { revokedTokens, users } from '../../db/schema/index.js'
import { toUserRecord, type UserRecord } from '../users/users.types.js'

/** Queries on revoked tokens, and the one query that turns a token into its user. */
export function createAuthRepository(db: Db) {
  return {
    /**
     * The user, fresh, unless the token `jti` was revoked or its session epoch has ended: one query
     * (by primary key) per authenticated request, so every instance sees a bump at once.
     */
    async findUserForToken(userId: string, jti: string, epoch: number): Promise<UserRecord | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            eq(users.sessionEpoch, epoch),
            notExists(db.select({ one: sql`1` }).from(revokedTokens).where(eq(revokedTokens.jti, jti))),
          ),
        )
      return row && toUserRecord(row)
    },

    /** Ends every session of the user: tokens of the epoch before are refused from now on. */
    async endAllSessions(userId: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ sessionEpoch: sql`${users.sessionEpoch} + 1`, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning({ id: users.id })
      return rows.length === 1
    },

    /**
     * Replaces the password while it is still the one just checked (`oldHash`), and ends every
     * session of the account; false when it changed in between. The caller issues the session it
     * keeps (product.md §15).
     */
    async changePasswordHash(userId: string, oldHash: string | null, passwordHash: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ passwordHash, sessionEpoch: sql`${users.sessionEpoch} + 1`, updatedAt: sql`now()` })
        .where(
          and(eq(users.id, userId), oldHash === null ? isNull(users.passwordHash) : eq(users.passwordHash, oldHash)),
        )
        .returning({ id: users.id })
      return rows.length === 1
    },

    async revoke(jti: string, expiresAt: Date): Promise<void> {
      await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing({ target: revokedTokens.jti })
    },

    /** Drops revocations of tokens that have expired anyway; returns how many. */
    async sweepRevoked(now: Date): Promise<number> {
      const rows = await db
        .delete(revokedTokens)
        .where(lte(revokedTokens.expiresAt, now))
        .returning({ jti: revokedTokens.jti })
      return rows.length
    },
  }
}
