import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe } from 'vitest'
import type { Database } from '../db/database.js'
import { migrationsFolder } from '../db/migrations.js'
import { openPgliteDatabase, pgliteTunedStartParams } from '../db/pglite-database.js'
import { openPostgresDatabase } from '../db/postgres-database.js'
import { availablePostgres, postgresAdminUrl } from './services.js'

export type DatabaseKind = Database['kind']
export const databaseKinds: readonly DatabaseKind[] = ['pglite', 'postgres']

/** An isolated, migrated database; `url` is set for PostgreSQL (a database of its own). */
export type TestDatabase = Database & { url?: string }

/**
 * A fresh, migrated database of its own. PGlite lives in memory, started from a migrated template
 * (initdb takes seconds, loading the template half a second); PostgreSQL gets a uniquely named
 * database on the test server, dropped on close. Throws when PostgreSQL is not reachable: guard
 * with `availablePostgres()` or use `forEachDatabase`.
 */
export function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  return kind === 'postgres' ? createPostgresTestDatabase() : createPgliteTestDatabase()
}

let template: Promise<Blob> | undefined

async function pgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha256')
  hash.update(JSON.stringify(pgliteTunedStartParams))
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  hash.update(await fs.readFile(path.join(path.dirname(pgliteEntry), '..', 'package.json')))
  for (const file of (await fs.readdir(migrationsFolder, { recursive: true })).sort()) {
    const full = path.join(migrationsFolder, file)
    if ((await fs.stat(full)).isFile()) hash.update(file).update(await fs.readFile(full))
  }
  // Shared by the test worker processes; a template with other migrations has another name.
  const file = path.join(os.tmpdir(), `ferry-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`)
  try {
    return new Blob([await fs.readFile(file)])
  } catch {
    const database = await openPgliteDatabase()
    try {
      const tarball = await database.client.dumpDataDir('none')
      const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
      await fs.writeFile(temp, Buffer.from(await tarball.arrayBuffer()))
      await fs.rename(temp, file)
      return tarball
    } finally {
      await database.close()
    }
  }
}

async function createPgliteTestDatabase(): Promise<TestDatabase> {
  template ??= pgliteTemplate()
  // Migrations still run: a no-op on the template, and a check that it is current.
  return openPgliteDatabase({ loadDataDir: await template })
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

const staleAfterMs = 6 * 60 * 60 * 1000
let staleDropped: Promise<void> | undefined

/** Test databases are named after their creation time; those of runs that died are dropped here. */
async function dropStaleTestDatabases(): Promise<void> {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    const { rows } = await client.query<{ name: string }>(
      `select datname as name from pg_database where datname like 'ferry\\_test\\_%'`,
    )
    for (const { name } of rows) {
      const created = Number.parseInt(name.split('_')[2] ?? '', 36)
      if (Date.now() - created > staleAfterMs) await client.query(`drop database if exists "${name}" with (force)`)
    }
  } finally {
    await client.end()
  }
}

async function createPostgresTestDatabase(): Promise<TestDatabase> {
  const admin = await availablePostgres()
  if (!admin) throw new Error(`PostgreSQL is not reachable at ${postgresAdminUrl}`)
  staleDropped ??= dropStaleTestDatabases().catch((err) => console.warn('Could not drop stale test databases:', err))
  await staleDropped
  const name = `ferry_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  await adminQuery(`create database "${name}"`)
  const url = new URL(admin)
  url.pathname = `/${name}`
  let database: Database
  try {
    database = await openPostgresDatabase({ url: url.toString(), max: 5 })
  } catch (err) {
    await adminQuery(`drop database if exists "${name}" with (force)`)
    throw err
  }
  let closing: Promise<void> | undefined
  return {
    ...database,
    kind: 'postgres',
    url: url.toString(),
    close() {
      closing ??= database
        .close()
        .finally(() => adminQuery(`drop database if exists "${name}" with (force)`))
        .catch((err) => console.warn(`Could not drop test database ${name}:`, err))
      return closing
    },
  }
}

/**
 * Declares the suite once per engine, each with its own migrated database (created before the
 * suite, closed after). PostgreSQL is skipped, loudly, when it is not reachable (an error under
 * REQUIRE_SERVICES=1). Call at the top level of a test file with `await`:
 *
 *   await forEachDatabase((getDatabase, kind) => {
 *     it('stores a transfer', async () => { const { db } = getDatabase(); ... })
 *   })
 */
export async function forEachDatabase(
  body: (getDatabase: () => TestDatabase, kind: DatabaseKind) => void,
  kinds: readonly DatabaseKind[] = databaseKinds,
): Promise<void> {
  const postgres = kinds.includes('postgres') ? await availablePostgres() : undefined
  for (const kind of kinds) {
    describe.skipIf(kind === 'postgres' && !postgres)(kind, () => {
      let database: TestDatabase | undefined
      beforeAll(async () => {
        database = await createTestDatabase(kind)
      })
      afterAll(async () => {
        await database?.close()
      })
      body(() => {
        if (!database) throw new Error('The test database is not open yet (use it inside tests or hooks)')
        return database
      }, kind)
    })
  }
}
