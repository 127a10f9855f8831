import type { Config } from '../config.js'
import type { Database, DatabaseLogger } from './database.js'

export interface OpenDatabaseOptions {
  logger?: DatabaseLogger
}

/**
 * Opens the configured engine and applies pending migrations before resolving. Only that
 * engine's driver is loaded (each costs an instance memory for its whole life).
 */
export async function openDatabase(config: Config['database'], options: OpenDatabaseOptions = {}): Promise<Database> {
  if (config.kind === 'postgres') {
    const { openPostgresDatabase } = await import('./postgres-database.js')
    return openPostgresDatabase({ url: config.url, logger: options.logger })
  }
  // PGlite on a thread of its own, off the request thread (decision 0035).
  const { openPgliteThreadDatabase } = await import('./pglite-thread.js')
  return openPgliteThreadDatabase({ dir: config.dir, logger: options.logger })
}
