import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openPgliteDatabase } from '../db/pglite-database.js'
import { openPostgresDatabase } from '../db/postgres-database.js'
import { availablePostgres } from '../testing/services.js'
import { createTestDatabase, forEachDatabase } from '../testing/test-database.js'
import { loadOrCreateSecret } from './secrets.js'

await forEachDatabase((getDatabase) => {
  it('creates 32 random bytes once and returns them on every later call', async () => {
    const { db } = getDatabase()
    const first = await loadOrCreateSecret(db, 'signing')
    expect(Buffer.from(first, 'base64url')).toHaveLength(32)
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await loadOrCreateSecret(db, 'signing')).toBe(first)
    expect(await loadOrCreateSecret(db, 'other')).not.toBe(first)
  })

  it('agrees with itself when asked many times at once', async () => {
    const { db } = getDatabase()
    const values = await Promise.all(Array.from({ length: 10 }, () => loadOrCreateSecret(db, 'racy')))
    expect(new Set(values).size).toBe(1)
  })
})

describe('secrets kept in a PGlite folder', () => {
  it('survive a restart', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-secrets-'))
    try {
      const first = await openPgliteDatabase({ dir: path.join(dir, 'nested', 'db') })
      const value = await loadOrCreateSecret(first.db, 'signing')
      await first.close()
      const second = await openPgliteDatabase({ dir: path.join(dir, 'nested', 'db') })
      expect(await loadOrCreateSecret(second.db, 'signing')).toBe(value)
      await second.close()
    } finally {
      await fs.rm(dir, { recursive: true, force: true })
    }
  })
})

describe.skipIf(!(await availablePostgres()))('secrets on PostgreSQL shared by several instances', () => {
  it('give every instance the same value, even when they race', async () => {
    const target = await createTestDatabase('postgres')
    const a = await openPostgresDatabase({ url: target.url!, max: 4 })
    const b = await openPostgresDatabase({ url: target.url!, max: 4 })
    try {
      for (let round = 0; round < 5; round++) {
        const name = `shared-${round}`
        const values = await Promise.all(
          Array.from({ length: 8 }, (_, i) => loadOrCreateSecret((i % 2 ? a : b).db, name)),
        )
        expect(new Set(values).size).toBe(1)
      }
    } finally {
      await a.close()
      await b.close()
      await target.close()
    }
  })
})
