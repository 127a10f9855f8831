import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../db/database.js'
import { openPostgresDatabase } from '../db/postgres-database.js'
import { jobLeases } from '../db/schema/index.js'
import { availablePostgres } from '../testing/services.js'
import { createTestDatabase, forEachDatabase } from '../testing/test-database.js'
import { releaseLease, tryAcquireLease } from './job-lease.js'

// Leases last a minute, longer than any test: a test that needs one to run out says so here, by
// the database's clock the leases are read with, instead of waiting for it.
const ttl = 60_000
const expire = (db: Db, name: string) =>
  db.update(jobLeases).set({ expiresAt: sql`now() - interval '1 millisecond'` }).where(eq(jobLeases.name, name))

await forEachDatabase((getDatabase) => {
  it('is held by one holder until it expires, and renewed by that holder', async () => {
    const { db } = getDatabase()
    expect(await tryAcquireLease(db, 'cleanup', 'a', ttl)).toBe(true)
    expect(await tryAcquireLease(db, 'cleanup', 'b', ttl)).toBe(false)
    expect(await tryAcquireLease(db, 'cleanup', 'a', ttl)).toBe(true)
    expect(await tryAcquireLease(db, 'other-job', 'b', ttl)).toBe(true)
  })

  it('goes to another holder once it has expired', async () => {
    const { db } = getDatabase()
    expect(await tryAcquireLease(db, 'short', 'a', ttl)).toBe(true)
    expect(await tryAcquireLease(db, 'short', 'b', ttl)).toBe(false)
    await expire(db, 'short')
    expect(await tryAcquireLease(db, 'short', 'b', ttl)).toBe(true)
    expect(await tryAcquireLease(db, 'short', 'a', ttl)).toBe(false)
  })

  it('is released only by its holder', async () => {
    const { db } = getDatabase()
    expect(await tryAcquireLease(db, 'release', 'a', ttl)).toBe(true)
    await releaseLease(db, 'release', 'b')
    expect(await tryAcquireLease(db, 'release', 'b', ttl)).toBe(false)
    await releaseLease(db, 'release', 'a')
    expect(await tryAcquireLease(db, 'release', 'b', ttl)).toBe(true)
  })

  it('refuses a ttl that is not positive', async () => {
    const { db } = getDatabase()
    await expect(tryAcquireLease(db, 'bad', 'a', 0)).rejects.toThrow(RangeError)
  })
})

describe.skipIf(!(await availablePostgres()))('job lease on PostgreSQL shared by several instances', () => {
  it('goes to exactly one of the instances racing for it', async () => {
    const target = await createTestDatabase('postgres')
    const a = await openPostgresDatabase({ url: target.url!, max: 4 })
    const b = await openPostgresDatabase({ url: target.url!, max: 4 })
    try {
      for (let round = 0; round < 10; round++) {
        // A new lease each round, then the same one once expired: both paths of the upsert race.
        const name = round % 2 ? `tick-${round - 1}` : `tick-${round}`
        if (round % 2) await expire(a.db, name)
        const results = await Promise.all(
          Array.from({ length: 8 }, (_, i) => tryAcquireLease((i % 2 ? a : b).db, name, `instance-${round}-${i}`, ttl)),
        )
        expect(results.filter(Boolean)).toHaveLength(1)
      }
    } finally {
      await a.close()
      await b.close()
      await target.close()
    }
  })
})
