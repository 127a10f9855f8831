import { and, asc, count, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../../../db/database.js'
import { recoveryCodes, rememberedDevices, totpFactors } from '../../../db/schema/index.js'

export type TotpFactorRow = typeof totpFactors.$inferSelect
export type RememberedDeviceRow = typeof rememberedDevices.$inferSelect

/** Rows of two-factor sign-in: TOTP factors, recovery code hashes, remembered devices. No rules. */
export function createTwoFactorRepository(db: Db) {
  return {
    async findFactor(userId: string): Promise<TotpFactorRow | undefined> {
      const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId))
      return row
    },

    /** A pending enrolment (replacing an earlier pending one); false when 2FA is already on. */
    async startEnrolment(userId: string, secretSealed: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(totpFactors)
        .values({ userId, secretSealed, createdAt: now })
        .onConflictDoUpdate({
          target: totpFactors.userId,
          set: { secretSealed, createdAt: now, lastUsedStep: null },
          setWhere: isNull(totpFactors.enabledAt),
        })
        .returning({ userId: totpFactors.userId })
      return rows.length === 1
    },

    /** Records `step` as used only when it is later than the last used one: of two requests with the same code, one wins. */
    async useStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(totpFactors)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(totpFactors.userId, userId),
            isNotNull(totpFactors.enabledAt),
            or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
          ),
        )
        .returning({ userId: totpFactors.userId })
      return rows.length === 1
    },

    /** Turns a pending factor on with its first code's step and stores its recovery codes, at once. */
    async enable(userId: string, step: number, codeHashes: string[], now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(totpFactors)
          .set({ lastUsedStep: step, enabledAt: now })
          .where(
            and(
              eq(totpFactors.userId, userId),
              isNull(totpFactors.enabledAt),
              or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
            ),
          )
          .returning({ userId: totpFactors.userId })
        if (rows.length !== 1) return false
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
        await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })))
        return true
      })
    },

    /** New recovery codes in place of every earlier one. */
    async replaceRecoveryCodes(userId: string, codeHashes: string[], now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
        await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })))
      })
    },

    /** Uses an unused code once: true for exactly one of any requests that race with it. */
    async useRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(
          and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)),
        )
        .returning({ id: recoveryCodes.id })
      return rows.length === 1
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      return row?.n ?? 0
    },

    /** Turns 2FA off: the factor, its recovery codes and remembered devices go together. */
    async disable(userId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .delete(totpFactors)
          .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)))
          .returning({ userId: totpFactors.userId })
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
        await tx.delete(rememberedDevices).where(eq(rememberedDevices.userId, userId))
        return rows.length === 1
      })
    },

    // --- Remembered devices ---

    async rememberDevice(values: {
      userId: string
      tokenHash: string
      label: string
      expiresAt: Date
      now: Date
    }): Promise<void> {
      const { now, ...rest } = values
      await db.insert(rememberedDevices).values({ ...rest, lastUsedAt: now, createdAt: now })
    },

    /** Marks the account's unexpired device with this token hash used; false when there is none. */
    async touchDevice(userId: string, tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(rememberedDevices)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(rememberedDevices.userId, userId),
            eq(rememberedDevices.tokenHash, tokenHash),
            gt(rememberedDevices.expiresAt, now),
          ),
        )
        .returning({ id: rememberedDevices.id })
      return rows.length === 1
    },

    async listDevices(userId: string, now: Date): Promise<RememberedDeviceRow[]> {
      return db
        .select()
        .from(rememberedDevices)
        .where(and(eq(rememberedDevices.userId, userId), gt(rememberedDevices.expiresAt, now)))
        .orderBy(asc(rememberedDevices.createdAt))
    },

    async forgetDevice(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(rememberedDevices)
        .where(and(eq(rememberedDevices.userId, userId), eq(rememberedDevices.id, id)))
        .returning({ id: rememberedDevices.id })
      return rows.length === 1
    },

    async forgetAllDevices(userId: string): Promise<void> {
      await db.delete(rememberedDevices).where(eq(rememberedDevices.userId, userId))
    },

    /** Drops devices whose 30 days are over. */
    async sweepExpiredDevices(now: Date): Promise<number> {
      const rows = await db
        .delete(rememberedDevices)
        .where(lt(rememberedDevices.expiresAt, now))
        .returning({ id: rememberedDevices.id })
      return rows.length
    },
  }
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>
