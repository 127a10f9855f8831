import { and, eq, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/database.js'
import { revokedTokens, users } from '../../db/schema/index.js'

/** Session epochs and password hashes (sessions themselves: sessions/sessions.repository.ts). */
export function createAuthRepository(db: Db) {
  return {
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
