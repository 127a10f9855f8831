import type { Database } from './database.js'

/**
 * Reads kept in this process for as long as the database has not changed (decision 0040): exact
 * on PGlite, whose every write this process makes and counts; on PostgreSQL, where other instances
 * write too, every call reads. Any write forgets everything kept, which is cheap to refill and
 * leaves nothing to invalidate by hand. Callers must not mutate what `get` returns: it is shared.
 */
export function createReadCache<V>(database: Pick<Database, 'changes'>, options: { max: number }) {
  const kept = new Map<string, V>()
  let keptAt = -1

  return {
    async get(key: string, read: () => Promise<V>): Promise<V> {
      const changes = database.changes
      if (!changes) return read()
      if (changes.version !== keptAt) {
        kept.clear()
        keptAt = changes.version
      }
      if (kept.has(key)) return kept.get(key) as V
      const version = changes.version
      const value = await read()
      // A write that ended while this read ran may or may not be in it: not kept.
      if (changes.version === version) {
        // Full: the first kept goes.
        if (kept.size >= options.max) kept.delete(kept.keys().next().value as string)
        kept.set(key, value)
      }
      return value
    },
  }
}

export type ReadCache<V> = ReturnType<typeof createReadCache<V>>
