import { describe, expect, it } from 'vitest'
import { openPostgresDatabase } from '../db/postgres-database.js'
import { availablePostgres } from '../testing/services.js'
import { createTestDatabase, forEachDatabase } from '../testing/test-database.js'
import { releaseLease, tryAcquireLease } from './job-lease.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

await forEachDatabase((getDatabase) => {
  it('is held by one holder until it expires, and renewed by that holder', async () => {
    const { db } = getDatabase()
    expect(await tryAcquireLease(db, 'cleanup', 'a', 60_000)).toBe(true)
    expect(await tryAcquireLease(db, 'cleanup', 'b', 60_000)).toBe(false)
    expect(await tryAcquireLease(db, 'cleanup', 'a', 60_000)).toBe(true)
    expect(await tryAcquireLease(db, 'other-job', 'b', 60_000)).toBe(true)
  })

  it('goes to another holder once it has expired', async () => {
    const { db } = getDatabase()
    expect(await tryAcquireLease(db, 'short', 'a', 100)).toBe(true)
    expect(await tryAcquireLease(db, 'short', 'b', 100)).toBe(false)
    await sleep(250)
    expect(await tryAcquireLease(db, 'short', 'b', 60_000)).toBe(true)
    expect(await tryAcquireLease(db, 'short', 'a', 60_000)).toBe(false)
  })

  it('is released only by its holder', async () => {
    const { db } = getDatabase()
    expect(await tryAcquireLease(db, 'release', 'a', 60_000)).toBe(true)
    await releaseLease(db, 'release', 'b')
    expect(await tryAcquireLease(db, 'release', 'b', 60_000)).toBe(false)
    await releaseLease(db, 'release', 'a')
    expect(await tryAcquireLease(db, 'release', 'b', 60_000)).toBe(true)
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
        if (round % 2) await sleep(120)
        const results = await Promise.all(
          Array.from({ length: 8 }, (_, i) => tryAcquireLease((i % 2 ? a : b).db, name, `instance-${round}-${i}`, 100)),
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
