import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { ChangeCounter } from './change-counter.js'
import type * as schema from './schema/index.js'

/** What `db.execute(sql)` resolves to on both engines: at least the rows. */
export interface DbQueryResultHKT extends PgQueryResultHKT {
  type: DbQueryResult<this['row']>
}

export interface DbQueryResult<Row> {
  rows: Row[]
}

/** Drizzle over PostgreSQL, whichever engine runs it. */
export type Db = PgDatabase<DbQueryResultHKT, typeof schema>

/** The database, or a transaction on it: what repositories and queries run on. */
export type DbExecutor = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Database {
  readonly kind: 'pglite' | 'postgres'
  readonly db: Db
  /**
   * The same database for appending to logs no kept read depends on (the event log): its writes
   * do not move `changes`, so a page view does not undo the reads kept for the next one.
   */
  readonly logDb: Db
  /** This process's writes, when it is the database's only writer (PGlite); null on PostgreSQL. */
  readonly changes: ChangeCounter | null
  /** Throws when the database cannot answer (readiness). */
  check(): Promise<void>
  close(): Promise<void>
}

/** The part of a pino logger the database uses; console-like objects fit too. */
export interface DatabaseLogger {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
}

export const silentLogger: DatabaseLogger = { info() {}, warn() {} }
