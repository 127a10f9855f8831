import type { Language } from '@ferry/contracts/domain/languages'
import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.js'
import { recipientCodes, transfers, users } from '../../../db/schema/index.js'

export type RecipientCodeRow = typeof recipientCodes.$inferSelect

/** Queries on the codes recipients confirm on a transfer open only to its recipients; no rules. */
export function createRecipientCodesRepository(db: DbExecutor) {
  return {
    async insert(values: { id: string; recipientId: string; codeHmac: string; expiresAt: Date; createdAt: Date }) {
      await db.insert(recipientCodes).values(values)
    },

    /** The recipient's newest unused code, expired or not. */
    async newestOpen(recipientId: string): Promise<RecipientCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(recipientCodes)
        .where(and(eq(recipientCodes.recipientId, recipientId), isNull(recipientCodes.usedAt)))
        .orderBy(desc(recipientCodes.createdAt))
        .limit(1)
      return row
    },

    async countWrongTry(id: string): Promise<void> {
      await db
        .update(recipientCodes)
        .set({ attempts: sql`${recipientCodes.attempts} + 1` })
        .where(eq(recipientCodes.id, id))
    },

    /** Uses a code once; false when another request used it first. */
    async use(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(recipientCodes)
        .set({ usedAt: now })
        .where(and(eq(recipientCodes.id, id), isNull(recipientCodes.usedAt)))
        .returning({ id: recipientCodes.id })
      return rows.length === 1
    },

    /** The language of the transfer's sender (the code email is written in it); null once the account is gone. */
    async senderLanguage(transferId: string): Promise<Language | null> {
      const [row] = await db
        .select({ language: users.language })
        .from(transfers)
        .innerJoin(users, eq(users.id, transfers.userId))
        .where(eq(transfers.id, transferId))
      return row?.language ?? null
    },

    /** Forgets codes made before `before`; how many went. */
    async deleteOlderThan(before: Date): Promise<number> {
      const rows = await db
        .delete(recipientCodes)
        .where(lte(recipientCodes.createdAt, before))
        .returning({ id: recipientCodes.id })
      return rows.length
    },
  }
}
