import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTcpProxy, type TcpProxy } from '../../db/testing/tcp-proxy.js'
import { availablePostgres } from '../../testing/services.js'
import { buildTestApp, type TestApp } from '../../testing/test-app.js'
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js'

const postgres = await availablePostgres()

describe.skipIf(!postgres)('when PostgreSQL goes away and comes back', () => {
  let database: TestDatabase
  let proxy: TcpProxy
  let t: TestApp

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    const target = new URL(database.url!)
    proxy = await createTcpProxy({ host: target.hostname, port: Number(target.port) })
    const viaProxy = new URL(database.url!)
    viaProxy.port = String(proxy.port)
    t = await buildTestApp({
      databaseUrl: viaProxy.toString(),
      beforeListen(app) {
        app.get('/api/probe/db', { config: { access: 'public' } }, async () => {
          const result = await t.deps.database.db.execute(sql`select 1 as one`)
          return { rows: result.rows.length }
        })
      },
    })
  })
  afterAll(async () => {
    await t?.close()
    await proxy?.close()
    await database?.close()
  })

  it('is ready while the database answers', async () => {
    expect((await t.api('/readyz')).status).toBe(200)
    expect((await t.api('/api/probe/db')).status).toBe(200)
  })

  it('answers 503 with a clear message during the outage, then recovers by itself', async () => {
    await proxy.down()
    const ready = await t.api('/readyz')
    expect(ready.status).toBe(503)
    expect(await ready.json()).toEqual({ status: 'unavailable', checks: { database: 'failed', storage: 'ok' } })

    const call = await t.api('/api/probe/db')
    expect(call.status).toBe(503)
    expect(await call.json()).toEqual({
      code: 'database_unavailable',
      detail: 'The database is temporarily unavailable. Please try again in a moment.',
    })

    await proxy.up()
    await expect.poll(() => t.api('/readyz').then((r) => r.status), { timeout: 15_000, interval: 200 }).toBe(200)
    expect((await t.api('/api/probe/db')).status).toBe(200)
  })
})
