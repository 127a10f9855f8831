import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { type Database, type DatabaseLogger, type Db, silentLogger } from './database.js'
import { DatabaseUnavailableError } from './database-errors.js'
import { casing, migrationsFolder } from './migrations.js'
import * as schema from './schema/index.js'
import { installPgTypeParsers, sessionTimeZone } from './type-parsers.js'

export interface PostgresDatabaseOptions {
  url: string
  logger?: DatabaseLogger
  /** Pool size per instance (default 10). */
  max?: number
  /** Time to get a connection (new or from a busy pool) before failing (default 5 s). */
  connectionTimeoutMs?: number
  /** Server-side cap on one statement (default 30 s). */
  statementTimeoutMs?: number
  /** check() gives up after this long (default 2 s), so readiness answers quickly. */
  checkTimeoutMs?: number
  /** Apply migrations on open (default true). */
  migrate?: boolean
}

export type PostgresDatabase = Database & { readonly pool: pg.Pool }

export function createPostgresPool(options: PostgresDatabaseOptions): pg.Pool {
  installPgTypeParsers()
  const logger = options.logger ?? silentLogger
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    statement_timeout: options.statementTimeoutMs ?? 30_000,
    idle_in_transaction_session_timeout: 60_000,
    application_name: 'ferry',
    options: `-c TimeZone=${sessionTimeZone}`,
  })
  // An idle client whose server went away (restart, failover) emits here; without a listener the
  // process would crash. The pool drops that client and opens a new one on the next request.
  pool.on('error', (err) => logger.warn({ err }, 'PostgreSQL idle connection lost'))
  // A client checked out (e.g. in a transaction, between two queries) when the server goes away
  // emits 'error' on itself, where the pool does not listen: unheard, it would crash the process.
  // Its next query then fails (503) and release() drops it.
  pool.on('connect', (client) => {
    client.on('error', (err) => logger.warn({ err }, 'PostgreSQL connection lost'))
  })
  return pool
}

/** Several instances may start at once: one migrates while the others wait on the lock. */
async function migrateWithLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('set statement_timeout = 0')
    await client.query(`select pg_advisory_lock(hashtextextended('ferry.migrations', 0))`)
    await migrate(drizzle({ client, casing }), { migrationsFolder })
    await client.query(`select pg_advisory_unlock(hashtextextended('ferry.migrations', 0))`)
  } finally {
    // Destroyed rather than reused: it carries session settings, and ending it frees the lock in any case.
    client.release(true)
  }
}

export async function openPostgresDatabase(options: PostgresDatabaseOptions): Promise<PostgresDatabase> {
  const pool = createPostgresPool(options)
  const db: Db = drizzle({ client: pool, schema, casing })
  const started = performance.now()
  try {
    if (options.migrate !== false) await migrateWithLock(pool)
  } catch (err) {
    await pool.end().catch(() => {})
    throw err
  }
  options.logger?.info({ ms: Math.round(performance.now() - started) }, 'PostgreSQL database open')

  const checkTimeoutMs = options.checkTimeoutMs ?? 2_000
  let closing: Promise<void> | undefined
  return {
    kind: 'postgres',
    db,
    logDb: db,
    changes: null,
    pool,
    async check() {
      if (closing) throw new DatabaseUnavailableError('Database is closed')
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new DatabaseUnavailableError(`Database did not answer within ${checkTimeoutMs} ms`)),
          checkTimeoutMs,
        )
      })
      try {
        await Promise.race([pool.query('select 1'), timeout])
      } finally {
        clearTimeout(timer)
      }
    },
    close() {
      closing ??= pool.end()
      return closing
    },
  }
}
