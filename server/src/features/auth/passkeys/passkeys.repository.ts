import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../../db/database.js'
import { passkeys, webauthnChallenges } from '../../../db/schema/index.js'

export type PasskeyRow = typeof passkeys.$inferSelect
export type ChallengePurpose = 'register' | 'sign-in'

/** Rows of passkeys and their pending challenges. No rules. */
export function createPasskeysRepository(db: Db) {
  return {
    async saveChallenge(values: {
      challenge: string
      purpose: ChallengePurpose
      userId: string | null
      expiresAt: Date
    }): Promise<void> {
      await db.insert(webauthnChallenges).values(values)
    },

    /**
     * Uses a challenge once: deleted when it is unexpired and was handed out for this purpose (and
     * account); true for exactly one of any requests that race with it, on any instance.
     */
    async consumeChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null, now: Date) {
      const rows = await db
        .delete(webauthnChallenges)
        .where(
          and(
            eq(webauthnChallenges.challenge, challenge),
            eq(webauthnChallenges.purpose, purpose),
            userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
            gt(webauthnChallenges.expiresAt, now),
          ),
        )
        .returning({ challenge: webauthnChallenges.challenge })
      return rows.length === 1
    },

    async sweepChallenges(now: Date): Promise<number> {
      const rows = await db
        .delete(webauthnChallenges)
        .where(lt(webauthnChallenges.expiresAt, now))
        .returning({ challenge: webauthnChallenges.challenge })
      return rows.length
    },

    async list(userId: string): Promise<PasskeyRow[]> {
      return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt))
    },

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(passkeys).where(eq(passkeys.userId, userId))
      return row?.n ?? 0
    },

    async findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId))
      return row
    },

    /** Undefined when the credential is registered already (to this or another account). */
    async insert(values: {
      userId: string
      credentialId: string
      publicKey: string
      counter: number
      transports: string[]
      name: string
      now: Date
    }): Promise<PasskeyRow | undefined> {
      const { now, ...rest } = values
      const [row] = await db
        .insert(passkeys)
        .values({ ...rest, createdAt: now })
        .onConflictDoNothing({ target: passkeys.credentialId })
        .returning()
      return row
    },

    /**
     * Records a use with the authenticator's new counter, only while the stored one is still the
     * one just checked against (or both are 0: authenticators without a counter): of two requests
     * racing with one signature, one wins.
     */
    async recordUse(id: string, oldCounter: number, newCounter: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(passkeys)
        .set({ counter: newCounter, lastUsedAt: now })
        .where(
          and(
            eq(passkeys.id, id),
            eq(passkeys.counter, oldCounter),
            or(gt(sql`${newCounter}::bigint`, passkeys.counter), eq(sql`${newCounter}::bigint`, 0)),
          ),
        )
        .returning({ id: passkeys.id })
      return rows.length === 1
    },

    async rename(userId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
      const [row] = await db
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
        .returning()
      return row
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
        .returning({ id: passkeys.id })
      return rows.length === 1
    },
  }
}
