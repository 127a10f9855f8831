import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema/index.js'

/** Drizzle over PostgreSQL, whichever engine runs it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  readonly kind: 'pglite' | 'postgres'
  readonly db: Db
  /** Throws when the database cannot answer (readiness). */
  check(): Promise<void>
  close(): Promise<void>
}
