/** Messages between pglite-thread.ts (the request thread) and pglite-worker.ts (PGlite's thread). */
export type WorkerRequest =
  | {
      id: number
      op: 'query'
      sql: string
      params: unknown[]
      rowMode: 'array' | 'object'
      /** Types to hand back as the text PostgreSQL sent (Drizzle parses dates and intervals itself). */
      textOids: number[]
      /** Inside this open transaction; none for a query of its own. */
      txId?: number
    }
  | { id: number; op: 'begin'; txId: number }
  | { id: number; op: 'end'; txId: number; commit: boolean }
  | { id: number; op: 'check' }

/** The answer to request `id` (-1: the worker's own start). */
export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { message: string; fields: Record<string, unknown> } }
