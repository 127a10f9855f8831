import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/database.js'
import { emailConfirmations, users } from '../../db/schema/index.js'

export type EmailConfirmationRow = typeof emailConfirmations.$inferSelect

/** Queries on open email confirmations; no rules. */
export function createEmailConfirmationRepository(db: Db) {
  return {
    /** The account's one open confirmation, replacing any earlier one (its link and code stop working). */
    async replace(values: { userId: string; tokenHash: string; codeHash: string; expiresAt: Date; createdAt: Date }) {
      await db
        .insert(emailConfirmations)
        .values({ ...values, codeAttempts: 0 })
        .onConflictDoUpdate({
          target: emailConfirmations.userId,
          set: {
            tokenHash: values.tokenHash,
            codeHash: values.codeHash,
            codeAttempts: 0,
            expiresAt: values.expiresAt,
            createdAt: values.createdAt,
          },
        })
    },

    async findByTokenHash(tokenHash: string): Promise<EmailConfirmationRow | undefined> {
      const [row] = await db.select().from(emailConfirmations).where(eq(emailConfirmations.tokenHash, tokenHash))
      return row
    },

    async findByEmail(email: string): Promise<EmailConfirmationRow | undefined> {
      const [row] = await db
        .select({ confirmation: emailConfirmations })
        .from(emailConfirmations)
        .innerJoin(users, eq(users.id, emailConfirmations.userId))
        .where(eq(users.email, email))
      return row?.confirmation
    },

    /** Counts a wrong code; the count after it. */
    async countWrongCode(userId: string): Promise<number> {
      const [row] = await db
        .update(emailConfirmations)
        .set({ codeAttempts: sql`${emailConfirmations.codeAttempts} + 1` })
        .where(eq(emailConfirmations.userId, userId))
        .returning({ attempts: emailConfirmations.codeAttempts })
      return row?.attempts ?? Number.MAX_SAFE_INTEGER
    },

    /**
     * Uses the confirmation once: deletes exactly this row (the token hash it was found by) and
     * marks the account confirmed, in one transaction. False when another request used it first.
     */
    async use(row: Pick<EmailConfirmationRow, 'userId' | 'tokenHash'>, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(emailConfirmations)
          .where(and(eq(emailConfirmations.userId, row.userId), eq(emailConfirmations.tokenHash, row.tokenHash)))
          .returning({ userId: emailConfirmations.userId })
        if (deleted.length !== 1) return false
        await tx
          .update(users)
          .set({ emailConfirmedAt: now, updatedAt: sql`now()` })
          .where(and(eq(users.id, row.userId), isNull(users.emailConfirmedAt)))
        return true
      })
    },
  }
}
