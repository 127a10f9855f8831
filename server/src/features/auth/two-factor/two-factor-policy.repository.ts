import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../../db/database.js'
import { passkeys, totpFactors, twoFactorPolicy } from '../../../db/schema/index.js'

export type TwoFactorPolicyRow = typeof twoFactorPolicy.$inferSelect

/** The one row of required two-factor sign-in, and whether an account has a second factor. No rules. */
export function createTwoFactorPolicyRepository(db: Db) {
  return {
    async find(): Promise<TwoFactorPolicyRow | undefined> {
      const [row] = await db.select().from(twoFactorPolicy).where(eq(twoFactorPolicy.id, 1))
      return row
    },

    /**
     * Stores the switch in one statement, so two admins saving at once cannot lose the start of
     * the grace period: `required_since` becomes `now` only when it goes from off to on, stays
     * while it stays on, and is cleared when it goes off.
     */
    async save(input: { required: boolean; graceDays: number; updatedBy: string; now: Date }) {
      const since = input.required ? input.now : null
      const [row] = await db
        .insert(twoFactorPolicy)
        .values({
          id: 1,
          required: input.required,
          graceDays: input.graceDays,
          requiredSince: since,
          updatedBy: input.updatedBy,
          updatedAt: input.now,
        })
        .onConflictDoUpdate({
          target: twoFactorPolicy.id,
          set: {
            required: input.required,
            graceDays: input.graceDays,
            requiredSince: input.required
              ? sql`case when ${twoFactorPolicy.required} then ${twoFactorPolicy.requiredSince} else excluded.required_since end`
              : null,
            updatedBy: input.updatedBy,
            updatedAt: input.now,
          },
        })
        .returning()
      return row!
    },

    /** Whether the account signs in with a second factor: TOTP turned on, or at least one passkey. */
    async hasSecondFactor(userId: string): Promise<boolean> {
      const [totp, passkey] = await Promise.all([
        db
          .select({ userId: totpFactors.userId })
          .from(totpFactors)
          .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)))
          .limit(1),
        db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1),
      ])
      return totp.length > 0 || passkey.length > 0
    },
  }
}
