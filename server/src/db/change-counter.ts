/**
 * Counts the writes of an embedded database (PGlite) as its only writer, this process, sends them
 * (decision 0040). A read kept in memory with the count it was made under is current for as long
 * as the count has not moved (read-cache.ts). PostgreSQL has no counter: other instances write to it.
 */
export interface ChangeCounter {
  /** Moves after every statement or transaction that may have changed a row. */
  readonly version: number
}

/** The two methods drizzle's PGlite driver calls (drizzle-orm/pglite/session.js). */
export interface PgliteQueryClient {
  query(sql: string, params?: unknown[], options?: object): Promise<unknown>
  transaction<T>(work: (tx: { query: PgliteQueryClient['query'] }) => Promise<T>): Promise<T>
}

const readOnly = /^\s*select\b/i
const rowChange = /^\s*(insert|update|delete)\b/i

/**
 * Whether a statement that ran outside a transaction may have changed something. A select is a
 * read (none of ours calls a function that writes); an insert, update or delete that reports no
 * row changed nothing (the job queue's polls); anything else counts.
 */
export function mayHaveWritten(sql: string, result: unknown): boolean {
  if (readOnly.test(sql)) return false
  const affected = (result as { affectedRows?: number } | undefined)?.affectedRows
  return !(rowChange.test(sql) && affected === 0)
}

/**
 * The client, counting: a statement after it ends (so a read that began before it ended is never
 * taken for current), a transaction when it ends, committed or not.
 */
export function countingWrites<C extends PgliteQueryClient>(client: C): { client: C; changes: ChangeCounter } {
  const changes = { version: 0 }
  const counted: PgliteQueryClient = {
    async query(sql, params, options) {
      let result: unknown
      try {
        result = await client.query(sql, params, options)
        return result
      } finally {
        if (result === undefined || mayHaveWritten(sql, result)) changes.version++
      }
    },
    async transaction(work) {
      try {
        return await client.transaction(work)
      } finally {
        changes.version++
      }
    },
  }
  return { client: counted as C, changes }
}
