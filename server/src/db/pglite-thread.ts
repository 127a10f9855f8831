import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { drizzle } from 'drizzle-orm/pglite'
import { countingWrites } from './change-counter.js'
import type { Database, DatabaseLogger, Db } from './database.js'
import { DatabaseUnavailableError } from './database-errors.js'
import { casing } from './migrations.js'
import type { WorkerReply, WorkerRequest } from './pglite-thread-protocol.js'
import * as schema from './schema/index.js'

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never

interface QueryOptions {
  rowMode?: 'array' | 'object'
  parsers?: Record<number, unknown>
}

/** The worker: beside this module in the bundle (server/dist), or its TypeScript source through tsx (tests, dev). */
function startWorker(workerData: unknown): Worker {
  const built = new URL('./pglite-worker.js', import.meta.url)
  if (existsSync(fileURLToPath(built))) return new Worker(built, { workerData })
  // A worker does not inherit tsx's loader: it registers it, then imports the source.
  const tsx = import.meta.resolve('tsx/esm/api')
  const source = new URL('./pglite-worker.ts', import.meta.url).href
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(source)}) })`
  return new Worker(boot, { eval: true, workerData })
}

/** node-postgres and PGlite hand bytea out as a Buffer; a posted Buffer arrives as a bare Uint8Array. */
function asBuffers(value: unknown): unknown {
  if (value instanceof Uint8Array && !Buffer.isBuffer(value)) {
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength)
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = asBuffers(value[i])
    return value
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const row = value as Record<string, unknown>
    for (const key in row) row[key] = asBuffers(row[key])
  }
  return value
}

/**
 * PGlite on a worker thread (issue 24 item 6, decision 0035). Everything PostgreSQL does in
 * WebAssembly runs there; the request thread only posts SQL and receives rows. Drizzle talks to
 * it through the two methods its PGlite driver uses, `query` and `transaction`. A transaction is
 * opened on the worker, where it holds PGlite's exclusive lock until this side ends it, so other
 * queries wait exactly as they do in process.
 */
export async function openPgliteThreadDatabase(options: { dir?: string; logger?: DatabaseLogger }): Promise<Database> {
  const dir = options.dir === undefined ? undefined : path.resolve(options.dir)
  const started = performance.now()
  const worker = startWorker({ dir })
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  let nextId = 0
  let nextTxId = 0
  let closed: Error | undefined

  const toError = (error: { message: string; fields: Record<string, unknown> }) =>
    Object.assign(new Error(error.message), error.fields)

  const opened = new Promise<void>((resolve, reject) => {
    pending.set(-1, { resolve: () => resolve(), reject })
  })
  worker.on('message', (reply: WorkerReply) => {
    const waiting = pending.get(reply.id)
    if (!waiting) return
    pending.delete(reply.id)
    if (reply.ok) waiting.resolve(reply.value)
    else waiting.reject(toError(reply.error))
  })
  const fail = (error: Error) => {
    closed ??= new DatabaseUnavailableError(`PGlite is closed: ${error.message}`)
    for (const waiting of pending.values()) waiting.reject(closed)
    pending.clear()
  }
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`its thread exited (${code})`)))

  function call(request: Request): Promise<unknown> {
    if (closed) return Promise.reject(closed)
    const id = nextId++
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject })
      worker.postMessage({ ...request, id })
    })
  }

  const queryOn =
    (txId: number | undefined) =>
    async (sql: string, params: unknown[] = [], queryOptions: QueryOptions = {}) => {
      const result = (await call({
        op: 'query',
        sql,
        params,
        rowMode: queryOptions.rowMode ?? 'object',
        textOids: Object.keys(queryOptions.parsers ?? {}).map(Number),
        ...(txId === undefined ? {} : { txId }),
      })) as { rows: unknown[] }
      asBuffers(result.rows)
      return result
    }

  const client = {
    query: queryOn(undefined),
    async transaction<T>(work: (tx: { query: ReturnType<typeof queryOn> }) => Promise<T>): Promise<T> {
      const txId = nextTxId++
      await call({ op: 'begin', txId })
      let result: T
      try {
        result = await work({ query: queryOn(txId) })
      } catch (error) {
        await call({ op: 'end', txId, commit: false }).catch(() => {})
        throw error
      }
      await call({ op: 'end', txId, commit: true })
      return result
    },
  }

  try {
    await opened
  } catch (error) {
    await worker.terminate()
    throw error
  }
  options.logger?.info(
    { dir: dir ?? ':memory:', ms: Math.round(performance.now() - started), thread: true },
    'PGlite database open',
  )

  // The PGlite driver only calls query and transaction (drizzle-orm/pglite/session.js).
  const counted = countingWrites(client)
  const db = drizzle({ client: counted.client as never, schema, casing }) as unknown as Db
  const logDb = drizzle({ client: client as never, schema, casing }) as unknown as Db
  let closing: Promise<void> | undefined
  return {
    kind: 'pglite',
    db,
    logDb,
    changes: counted.changes,
    async check() {
      await call({ op: 'check' })
    },
    close() {
      closing ??= (async () => {
        if (closed) return
        const exited = new Promise((resolve) => worker.once('exit', resolve))
        worker.postMessage({ op: 'close' })
        await exited
      })()
      return closing
    },
  }
}
