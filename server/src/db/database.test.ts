import fs from 'node:fs/promises'
import { eq, sql } from 'drizzle-orm'
import { bigint, boolean, customType, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { availablePostgres } from '../testing/services.js'
import { createTestDatabase, databaseKinds, type TestDatabase } from '../testing/test-database.js'
import { isDatabaseUnavailableError } from './database-errors.js'
import { migrationsFolder } from './migrations.js'

// The contract every engine keeps: the same tests, the same expected values, for each.

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' })

const samples = pgTable('contract_samples', {
  id: integer('id').primaryKey(),
  label: text('label').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  price: numeric('price').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  meta: jsonb('meta').$type<{ tags: string[] }>().notNull(),
  done: boolean('done').notNull(),
  bytes: bytea('bytes').notNull(),
})

const createSamples = sql`create table contract_samples (
  id integer primary key, label text not null, size bigint not null, price numeric not null,
  at timestamptz not null, meta jsonb not null, done boolean not null, bytes bytea not null)`

const at = new Date('2024-02-03T04:05:06.789Z')
const sample = (id: number) => ({
  id,
  label: `row ${id}`,
  size: 5_000_000_000,
  price: '12.50',
  at,
  meta: { tags: ['a', 'b'] },
  done: false,
  bytes: Buffer.from([0, 1, 254, 255]),
})

const postgres = await availablePostgres()

for (const kind of databaseKinds) {
  describe.skipIf(kind === 'postgres' && !postgres)(`database contract: ${kind}`, () => {
    let database: TestDatabase

    beforeAll(async () => {
      database = await createTestDatabase(kind)
      await database.db.execute(createSamples)
    })
    afterAll(() => database?.close())

    it('has applied every migration', async () => {
      const journal = JSON.parse(await fs.readFile(`${migrationsFolder}/meta/_journal.json`, 'utf8'))
      const applied = await database.db.execute<{ n: number }>(
        sql`select count(*) as n from drizzle.__drizzle_migrations`,
      )
      expect(applied.rows[0]?.n).toBe(journal.entries.length)
      const tables = await database.db.execute<{ name: string }>(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
      )
      expect(tables.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['app_secrets', 'job_leases']))
    })

    it('commits an insert, select and update made in one transaction', async () => {
      const seen = await database.db.transaction(async (tx) => {
        await tx.insert(samples).values(sample(1))
        await tx.update(samples).set({ done: true, label: 'updated' }).where(eq(samples.id, 1))
        return tx.select().from(samples).where(eq(samples.id, 1))
      })
      expect(seen[0]?.label).toBe('updated')
      const [row] = await database.db.select().from(samples).where(eq(samples.id, 1))
      expect(row).toMatchObject({ label: 'updated', done: true })
    })

    it('leaves nothing behind when a transaction throws or rolls back', async () => {
      await expect(
        database.db.transaction(async (tx) => {
          await tx.insert(samples).values(sample(2))
          throw new Error('boom')
        }),
      ).rejects.toThrow('boom')
      await expect(
        database.db.transaction(async (tx) => {
          await tx.insert(samples).values(sample(3))
          tx.rollback()
        }),
      ).rejects.toThrow()
      const rows = await database.db.select({ id: samples.id }).from(samples).where(sql`${samples.id} in (2, 3)`)
      expect(rows).toEqual([])
    })

    it('gives back the same JS values through columns', async () => {
      await database.db.insert(samples).values(sample(4))
      const [row] = await database.db.select().from(samples).where(eq(samples.id, 4))
      expect(row).toEqual(sample(4))
      expect(Buffer.isBuffer(row?.bytes)).toBe(true)
      expect(row?.at).toBeInstanceOf(Date)
    })

    it('gives back the same JS values from raw SQL', async () => {
      const result = await database.db.execute(sql`select
        count(*) as count, 42::int8 as small, 9007199254740993::int8 as huge, sum(size) as total,
        array[1, 2]::int8[] as list, 1.50::numeric as price, 7::int4 as int4, 0.5::float8 as float,
        '2024-02-03T04:05:06.789Z'::timestamptz as at, '2024-02-03'::date as day,
        '{"a":[1]}'::jsonb as json, '\\x00ff'::bytea as bytes, true as yes
        from contract_samples where id = 4`)
      expect(result.rows[0]).toEqual({
        count: 1,
        small: 42,
        huge: 9007199254740993n,
        total: '5000000000', // sum(int8) is numeric: a string on both engines
        list: [1, 2],
        price: '1.50',
        int4: 7,
        float: 0.5,
        at: '2024-02-03 04:05:06.789+00',
        day: '2024-02-03',
        json: { a: [1] },
        bytes: Buffer.from([0, 255]),
        yes: true,
      })
      expect(Buffer.isBuffer(result.rows[0]?.bytes)).toBe(true)
    })

    it('answers check() while open and rejects it once closed', async () => {
      const own = await createTestDatabase(kind)
      await expect(own.check()).resolves.toBeUndefined()
      await own.close()
      const err = await own.check().then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(err).toBeInstanceOf(Error)
      expect(isDatabaseUnavailableError(err)).toBe(true)
      await expect(own.close()).resolves.toBeUndefined()
    })
  })
}
