import fs from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { countingWrites } from './change-counter.js'
import type { Database, DatabaseLogger, Db } from './database.js'
import { DatabaseUnavailableError } from './database-errors.js'
import { casing, migrationsFolder } from './migrations.js'
import { initPgliteDataDirInChild } from './pglite-initdb.js'
import { lockPgliteDataDir } from './pglite-lock.js'
import * as schema from './schema/index.js'
import { pgliteParsers, sessionTimeZone } from './type-parsers.js'

/** PGlite's own defaults (0.5): single-user backend; -F is fsync=off, a no-op on Node's filesystem anyway. */
export const pgliteDefaultStartParams = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
]

/**
 * Tuned for a small server: 16 MB of shared buffers instead of 160 MB cuts the RSS of a reopen by
 * about 100 MB (measure-pglite.ts), and a smaller WAL keeps the data folder small. Durability is
 * unchanged: every commit is written to the OS before the query returns (see the durability test).
 */
export const pgliteTunedStartParams = [
  ...pgliteDefaultStartParams,
  ...['-c', 'shared_buffers=16MB'],
  ...['-c', 'work_mem=4MB'],
  ...['-c', 'wal_buffers=1MB'],
  ...['-c', 'min_wal_size=32MB'],
  ...['-c', 'max_wal_size=64MB'],
  ...['-c', `TimeZone=${sessionTimeZone}`],
]

export interface PgliteDatabaseOptions {
  /** Data folder (created with its parents); undefined keeps the database in memory. */
  dir?: string
  /** A tarball from `dumpDataDir()` to start from instead of running initdb (test templates). */
  loadDataDir?: Blob
  logger?: DatabaseLogger
  /** Override the tuned start parameters (measurements only). */
  startParams?: string[]
  /** Apply migrations on open (default true). */
  migrate?: boolean
  /** Run initdb for a new folder in a child process, to keep its memory out of this one (default true). */
  initdbInChild?: boolean
}

export type PgliteDatabase = Database & { readonly client: PGlite }

export async function openPgliteDatabase(options: PgliteDatabaseOptions = {}): Promise<PgliteDatabase> {
  const { logger } = options
  const dir = options.dir === undefined ? undefined : path.resolve(options.dir)
  // PGlite creates the data folder itself but not its parents.
  if (dir) await fs.mkdir(path.dirname(dir), { recursive: true })
  const unlock = dir ? await lockPgliteDataDir(dir) : async () => {}
  const startParams = options.startParams ?? pgliteTunedStartParams
  const started = performance.now()
  let client: PGlite | undefined
  let pgliteDb: ReturnType<typeof drizzle<typeof schema>>
  try {
    if (dir && !options.loadDataDir && options.initdbInChild !== false) await initPgliteDataDirInChild(dir, startParams)
    client = await PGlite.create({
      dataDir: dir,
      loadDataDir: options.loadDataDir,
      startParams,
      parsers: pgliteParsers,
    })
    pgliteDb = drizzle({ client, schema, casing })
    if (options.migrate !== false) await migrate(pgliteDb, { migrationsFolder })
  } catch (err) {
    await client?.close().catch(() => {})
    await unlock()
    throw err
  }
  logger?.info({ dir: dir ?? ':memory:', ms: Math.round(performance.now() - started) }, 'PGlite database open')

  // Migrations ran uncounted: nothing was kept before the database opened.
  const counted = countingWrites(client)
  const db = drizzle({ client: counted.client as never, schema, casing }) as unknown as Db
  let closing: Promise<void> | undefined
  return {
    kind: 'pglite',
    db,
    logDb: pgliteDb,
    changes: counted.changes,
    client,
    async check() {
      if (closing || client.closed) throw new DatabaseUnavailableError('PGlite is closed')
      await client.query('select 1')
    },
    close() {
      closing ??= (client.closed ? Promise.resolve() : client.close()).finally(unlock)
      return closing
    },
  }
}
