import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/database.js'
import { jobLeases } from '../db/schema/index.js'

/**
 * Takes (or renews) the lease `name` for `holder` for `ttlMs`, and tells whether it did. It is
 * taken when nobody holds it, when the last lease expired, or when `holder` already holds it;
 * one statement, so of several instances asking at once exactly one gets it. Expiry is computed
 * with the database's clock, so instances whose clocks disagree still agree on who holds it.
 */
export async function tryAcquireLease(db: Db, name: string, holder: string, ttlMs: number): Promise<boolean> {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new RangeError(`Lease ttl must be positive, got ${ttlMs}`)
  const expiresAt = sql`now() + ${ttlMs}::float8 * interval '1 millisecond'`
  const rows = await db
    .insert(jobLeases)
    .values({ name, holder, expiresAt })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, expiresAt },
      setWhere: sql`${jobLeases.expiresAt} <= now() or ${jobLeases.holder} = ${holder}`,
    })
    .returning({ name: jobLeases.name })
  return rows.length === 1
}

/** Gives the lease up early, if `holder` still holds it. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.delete(jobLeases).where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)))
}
