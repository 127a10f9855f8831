import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.js'
import { senderCodes, senderConfirmations } from '../../db/schema/index.js'

export type SenderCodeRow = typeof senderCodes.$inferSelect

/** Queries on sender codes and confirmed browsers and sessions; no rules. */
export function createSenderConfirmationRepository(db: DbExecutor) {
  return {
    async insertCode(values: {
      id: string
      userId: string
      email: string
      codeHmac: string
      expiresAt: Date
      createdAt: Date
    }) {
      await db.insert(senderCodes).values(values)
    },

    /** The account's newest unused code, expired or not. */
    async newestOpenCode(userId: string): Promise<SenderCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(senderCodes)
        .where(and(eq(senderCodes.userId, userId), isNull(senderCodes.usedAt)))
        .orderBy(desc(senderCodes.createdAt))
        .limit(1)
      return row
    },

    /** Counts a wrong try on a code; the count after it. */
    async countWrongTry(id: string): Promise<number> {
      const [row] = await db
        .update(senderCodes)
        .set({ attempts: sql`${senderCodes.attempts} + 1` })
        .where(eq(senderCodes.id, id))
        .returning({ attempts: senderCodes.attempts })
      return row?.attempts ?? Number.MAX_SAFE_INTEGER
    },

    /** Uses a code once; false when another request used it first. */
    async useCode(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(senderCodes)
        .set({ usedAt: now })
        .where(and(eq(senderCodes.id, id), isNull(senderCodes.usedAt)))
        .returning({ id: senderCodes.id })
      return rows.length === 1
    },

    async confirm(values: { keyHash: string; userId: string; kind: 'browser' | 'session'; expiresAt: Date }) {
      await db
        .insert(senderConfirmations)
        .values(values)
        .onConflictDoUpdate({
          target: senderConfirmations.keyHash,
          set: { userId: values.userId, kind: values.kind, expiresAt: values.expiresAt },
        })
    },

    /** Whether any of the keys is a live confirmation of this user. */
    async isConfirmed(userId: string, keyHashes: string[], now: Date): Promise<boolean> {
      for (const keyHash of keyHashes) {
        const [row] = await db
          .select({ keyHash: senderConfirmations.keyHash })
          .from(senderConfirmations)
          .where(
            and(
              eq(senderConfirmations.keyHash, keyHash),
              eq(senderConfirmations.userId, userId),
              gt(senderConfirmations.expiresAt, now),
            ),
          )
        if (row) return true
      }
      return false
    },

    /** Forgets confirmations and codes that ended before `now`; how many rows went. */
    async deleteEnded(now: Date): Promise<number> {
      const confirmations = await db
        .delete(senderConfirmations)
        .where(lte(senderConfirmations.expiresAt, now))
        .returning({ keyHash: senderConfirmations.keyHash })
      const dayAgo = new Date(now.getTime() - 24 * 3600_000)
      const codes = await db
        .delete(senderCodes)
        .where(lte(senderCodes.createdAt, dayAgo))
        .returning({ id: senderCodes.id })
      return confirmations.length + codes.length
    },
  }
}
