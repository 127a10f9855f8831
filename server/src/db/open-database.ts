import type { Config } from '../config.js'
import type { Database, DatabaseLogger } from './database.js'
import { openPgliteDatabase } from './pglite-database.js'
import { openPostgresDatabase } from './postgres-database.js'

export interface OpenDatabaseOptions {
  logger?: DatabaseLogger
}

/** Opens the configured engine and applies pending migrations before resolving. */
export function openDatabase(config: Config['database'], options: OpenDatabaseOptions = {}): Promise<Database> {
  return config.kind === 'postgres'
    ? openPostgresDatabase({ url: config.url, logger: options.logger })
    : openPgliteDatabase({ dir: config.dir, logger: options.logger })
}
