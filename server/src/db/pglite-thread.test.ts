import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './database.js'
import { isDatabaseUnavailableError } from './database-errors.js'
import { openPgliteThreadDatabase } from './pglite-thread.js'
import { appSecrets } from './schema/index.js'

describe('PGlite on a worker thread', () => {
  let root: string
  let dir: string
  let database: Database

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-pglite-thread-'))
    dir = path.join(root, 'db')
    database = await openPgliteThreadDatabase({ dir })
  })
  afterAll(async () => {
    await database?.close()
    await fs.rm(root, { recursive: true, force: true })
  })

  it('answers Drizzle with the same values as in process: Dates, int8 as numbers, bytea as Buffers', async () => {
    const [row] = await database.db.insert(appSecrets).values({ name: 'types', value: 'v' }).returning()
    expect(row!.name).toBe('types')
    const result = await database.db.execute<{ n: number; big: bigint; bytes: Buffer; at: string }>(
      sql`select 42::int8 as n, 9007199254740993::int8 as big, '\\x0102ff'::bytea as bytes, now() as at`,
    )
    const [values] = result.rows
    expect(values!.n).toBe(42)
    expect(values!.big).toBe(9007199254740993n)
    expect(Buffer.isBuffer(values!.bytes)).toBe(true)
    expect([...values!.bytes]).toEqual([1, 2, 255])
    const [secret] = await database.db.select().from(appSecrets).where(eq(appSecrets.name, 'types'))
    expect(secret).toMatchObject({ name: 'types', value: 'v' })
  })

  it('commits a transaction, rolls one back on error, and keeps other queries out while one is open', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(appSecrets).values({ name: 'committed', value: '1' })
    })
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(appSecrets).values({ name: 'rolled-back', value: '1' })
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')

    const order: string[] = []
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const transaction = database.db.transaction(async (tx) => {
      await tx.insert(appSecrets).values({ name: 'inside', value: '1' })
      order.push('tx wrote')
      await held
      order.push('tx ends')
    })
    await expect.poll(() => order).toEqual(['tx wrote'])
    const outside = database.db
      .select()
      .from(appSecrets)
      .then((rows) => order.push(`outside saw ${rows.some((r) => r.name === 'inside')}`))
    release()
    await Promise.all([transaction, outside])
    expect(order).toEqual(['tx wrote', 'tx ends', 'outside saw true'])

    const names = (await database.db.select().from(appSecrets)).map((r) => r.name)
    expect(names).toContain('committed')
    expect(names).not.toContain('rolled-back')
  })

  it("keeps PostgreSQL's error fields (SQLSTATE, constraint) across the thread", async () => {
    await database.db.insert(appSecrets).values({ name: 'unique', value: '1' })
    const error = await database.db
      .insert(appSecrets)
      .values({ name: 'unique', value: '2' })
      .catch((e: unknown) => e as { cause?: { code?: string; constraint?: string } })
    expect(error).toBeInstanceOf(Error)
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('23505')
  })

  it('counts the writes that may change a row, and not reads, empty updates or the log (decision 0040)', async () => {
    const version = () => database.changes!.version
    const at = version()
    await database.db.select().from(appSecrets)
    await database.db.update(appSecrets).set({ value: 'x' }).where(eq(appSecrets.name, 'no such secret'))
    await database.logDb.insert(appSecrets).values({ name: 'logged', value: '1' })
    expect(version()).toBe(at)
    await database.db.update(appSecrets).set({ value: '2' }).where(eq(appSecrets.name, 'logged'))
    expect(version()).toBe(at + 1)
    await database.db.transaction(async (tx) => {
      await tx.select().from(appSecrets)
    })
    expect(version()).toBe(at + 2)
    await database.db.execute(sql`create temporary table counted (n int)`)
    expect(version()).toBe(at + 3)
    await database.db
      .insert(appSecrets)
      .values({ name: 'logged', value: 'again' })
      .catch(() => {})
    expect(version()).toBe(at + 4)
  })

  it('keeps its rows across a close and reopen; a closed database is unavailable (503), not a crash', async () => {
    await database.close()
    await expect(database.check()).rejects.toSatisfy(isDatabaseUnavailableError)
    await expect(database.db.select().from(appSecrets)).rejects.toSatisfy(isDatabaseUnavailableError)
    database = await openPgliteThreadDatabase({ dir })
    await expect(database.check()).resolves.toBeUndefined()
    const names = (await database.db.select().from(appSecrets)).map((r) => r.name)
    expect(names).toContain('committed')
  })
})
