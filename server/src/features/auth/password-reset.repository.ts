import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/database.js'
import { accountTokens, users } from '../../db/schema/index.js'

/** Queries on password-reset links (account_tokens, purpose password_reset); no rules. */
export function createPasswordResetRepository(db: Db) {
  return {
    /** The account's one open reset link, replacing any earlier one (which stops working). */
    async replace(values: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(accountTokens)
          .where(and(eq(accountTokens.userId, values.userId), eq(accountTokens.purpose, 'password_reset')))
        await tx.insert(accountTokens).values({ ...values, purpose: 'password_reset' })
      })
    },

    /** The unexpired link's account, as the password policy needs it. */
    async findOpen(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ userId: users.id, email: users.email, name: users.name, language: users.language })
        .from(accountTokens)
        .innerJoin(users, eq(users.id, accountTokens.userId))
        .where(
          and(
            eq(accountTokens.tokenHash, tokenHash),
            eq(accountTokens.purpose, 'password_reset'),
            gt(accountTokens.expiresAt, now),
          ),
        )
      return row
    },

    /**
     * Uses the link once, in one transaction: deletes exactly this row (false when another request
     * used it first or it expired), sets the password, ends every session of the account (the
     * session epoch) and drops its other open links, an email change included: whoever knew the
     * old password must not keep a way in. The link reached the address, so it counts as confirmed.
     */
    async use(tokenHash: string, passwordHash: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .delete(accountTokens)
          .where(
            and(
              eq(accountTokens.tokenHash, tokenHash),
              eq(accountTokens.purpose, 'password_reset'),
              gt(accountTokens.expiresAt, now),
            ),
          )
          .returning({ userId: accountTokens.userId })
        if (!used) return false
        await tx.delete(accountTokens).where(eq(accountTokens.userId, used.userId))
        await tx
          .update(users)
          .set({
            passwordHash,
            sessionEpoch: sql`${users.sessionEpoch} + 1`,
            emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, used.userId))
        return true
      })
    },

    /** Drops links that expired unused; returns how many. */
    async sweepExpired(now: Date): Promise<number> {
      const rows = await db
        .delete(accountTokens)
        .where(sql`${accountTokens.expiresAt} <= ${now}`)
        .returning({ hash: accountTokens.tokenHash })
      return rows.length
    },
  }
}
