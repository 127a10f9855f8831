import fs from 'node:fs/promises'
import net from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { availablePostgres } from '../testing/services.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { isDatabaseUnavailableError } from './database-errors.js'
import { migrationsFolder } from './migrations.js'
import { openPostgresDatabase, type PostgresDatabase } from './postgres-database.js'
import { createTcpProxy, type TcpProxy } from './testing/tcp-proxy.js'

const postgres = await availablePostgres()

async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

async function rejection(promise: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now()
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  return { error, ms: performance.now() - started }
}

describe.skipIf(!postgres)('PostgreSQL driver', () => {
  it('rejects check() quickly when nothing listens, as "unavailable"', async () => {
    const database = await openPostgresDatabase({
      url: `postgres://postgres@127.0.0.1:${await closedPort()}/x`,
      migrate: false,
    })
    try {
      const { error, ms } = await rejection(database.check())
      expect(error).toBeInstanceOf(Error)
      expect(isDatabaseUnavailableError(error)).toBe(true)
      expect(ms).toBeLessThan(3_000)
    } finally {
      await database.close()
    }
  })

  it('rejects check() within its time limit when the server accepts but never answers', async () => {
    const silent = net.createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as net.AddressInfo
    const database = await openPostgresDatabase({
      url: `postgres://postgres@127.0.0.1:${port}/x`,
      migrate: false,
      connectionTimeoutMs: 2_500,
    })
    try {
      const { error, ms } = await rejection(database.check())
      expect(isDatabaseUnavailableError(error)).toBe(true)
      expect(ms).toBeGreaterThan(1_500)
      expect(ms).toBeLessThan(3_000)
    } finally {
      await database.close()
      silent.close()
    }
  })

  it('fails to open, as "unavailable", when the server is down', async () => {
    const { error, ms } = await rejection(
      openPostgresDatabase({ url: `postgres://postgres@127.0.0.1:${await closedPort()}/x` }),
    )
    expect(isDatabaseUnavailableError(error)).toBe(true)
    expect(ms).toBeLessThan(3_000)
  })

  describe('across a server outage', () => {
    let target: TestDatabase
    let proxy: TcpProxy
    let database: PostgresDatabase

    beforeAll(async () => {
      target = await createTestDatabase('postgres')
      const url = new URL(target.url!)
      proxy = await createTcpProxy({ host: url.hostname, port: Number(url.port || 5432) })
      url.host = `127.0.0.1:${proxy.port}`
      database = await openPostgresDatabase({ url: url.toString(), migrate: false, max: 3 })
    })
    afterAll(async () => {
      await database?.close()
      await proxy?.close()
      await target?.close()
    })

    it('fails fast while the server is away and recovers by itself when it returns', async () => {
      // Fill the pool with idle connections that the outage will break (pg_sleep keeps the three
      // queries running at once, so each gets a connection of its own; no test waits on it).
      await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)))
      expect(database.pool.idleCount).toBeGreaterThan(0)

      await proxy.down()
      for (let i = 0; i < 3; i++) {
        const { error, ms } = await rejection(database.db.execute(sql`select 1`))
        expect(isDatabaseUnavailableError(error)).toBe(true)
        expect(ms).toBeLessThan(1_000)
      }
      await expect(database.check()).rejects.toSatisfy(isDatabaseUnavailableError)

      await proxy.up()
      await expect(database.check()).resolves.toBeUndefined()
      const result = await database.db.execute<{ n: number }>(sql`select 1 + 1 as n`)
      expect(result.rows[0]?.n).toBe(2)
    })
  })

  it('replaces connections the server terminates (restart, failover) without crashing', async () => {
    const target = await createTestDatabase('postgres')
    const database = await openPostgresDatabase({ url: target.url!, migrate: false, max: 3 })
    try {
      // Three connections, as above.
      await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)))
      const opened = database.pool.totalCount
      const name = new URL(target.url!).pathname.slice(1)
      // Terminated from the other pool: these idle connections get 57P01, as on a server shutdown.
      const killed = await target.db.execute<{ ok: boolean }>(
        sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
            where datname = ${name} and pid <> pg_backend_pid() and application_name = 'ferry'
            and pid not in (select pid from pg_stat_activity where state = 'active')`,
      )
      expect(killed.rows.length).toBeGreaterThan(0)
      // The pool hears of each termination and drops that connection.
      await vi.waitFor(() => expect(database.pool.totalCount).toBe(opened - killed.rows.length))
      const result = await database.db.execute<{ n: number }>(sql`select 40 + 2 as n`)
      expect(result.rows[0]?.n).toBe(42)
    } finally {
      await database.close()
      await target.close()
    }
  })

  it('migrates once when several instances start at the same time', async () => {
    const target = await createTestDatabase('postgres')
    try {
      await target.db.execute(sql`drop schema drizzle cascade`)
      // Every table of every migration, so the instances start from an empty database.
      await target.db.execute(sql`drop schema public cascade`)
      await target.db.execute(sql`create schema public`)
      const instances = await Promise.all([1, 2, 3, 4].map(() => openPostgresDatabase({ url: target.url!, max: 2 })))
      await Promise.all(instances.map((i) => i.close()))
      const journal = JSON.parse(await fs.readFile(`${migrationsFolder}/meta/_journal.json`, 'utf8'))
      const applied = await target.db.execute<{ n: number }>(
        sql`select count(*) as n from drizzle.__drizzle_migrations`,
      )
      expect(applied.rows[0]?.n).toBe(journal.entries.length)
    } finally {
      await target.close()
    }
  })
})
