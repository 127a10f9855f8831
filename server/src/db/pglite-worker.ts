// The embedded database on a thread of its own (issue 24 item 6, decision 0035): this worker opens
// PGlite (lock, initdb, migrations: openPgliteDatabase) and answers the queries pglite-thread.ts
// posts, so PostgreSQL's work in WebAssembly never holds the request thread.
import { parentPort, workerData } from 'node:worker_threads'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { openPgliteDatabase } from './pglite-database.js'
import type { WorkerReply, WorkerRequest } from './pglite-thread-protocol.js'

const port = parentPort
if (!port) throw new Error('pglite-worker.ts runs as a worker thread')

const { dir } = workerData as { dir: string | undefined }

/** An error as plain data: structured cloning keeps only message and stack, not SQLSTATE and detail. */
function plainError(error: unknown): WorkerReply & { ok: false } {
  const e = error instanceof Error ? error : new Error(String(error))
  const fields: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(e)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[name] = value
  }
  return { id: 0, ok: false, error: { message: e.message, fields } }
}

interface OpenTransaction {
  tx: Transaction
  end(commit: boolean): Promise<void>
}

const transactions = new Map<number, OpenTransaction>()

/** Opens a transaction that stays open (holding PGlite's exclusive lock) until `end` is asked. */
function begin(client: PGlite, txId: number): Promise<void> {
  return new Promise((opened, failed) => {
    let settle!: (commit: boolean) => void
    const decided = new Promise<boolean>((resolve) => {
      settle = resolve
    })
    const done = client
      .transaction(async (tx) => {
        const end = (commit: boolean) => {
          settle(commit)
          return done
        }
        transactions.set(txId, { tx, end })
        opened()
        // Without rollback(), PGlite commits when the callback returns (a failed COMMIT rejects `done`).
        if (!(await decided)) await tx.rollback()
      })
      .finally(() => transactions.delete(txId))
    done.catch(failed)
  })
}

async function answer(client: PGlite, request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const runner = request.txId === undefined ? client : transactions.get(request.txId)?.tx
      if (!runner) throw new Error(`Transaction ${request.txId} is not open`)
      const identity = (value: unknown) => value
      const parsers = Object.fromEntries(request.textOids.map((oid) => [oid, identity]))
      const result = await runner.query(request.sql, request.params, { rowMode: request.rowMode, parsers })
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows }
    }
    case 'begin':
      return begin(client, request.txId)
    case 'end': {
      const open = transactions.get(request.txId)
      if (!open) throw new Error(`Transaction ${request.txId} is not open`)
      return open.end(request.commit)
    }
    case 'check':
      return client.query('select 1').then(() => undefined)
  }
}

const database = await openPgliteDatabase({ dir }).catch((error: unknown) => {
  port.postMessage({ ...plainError(error), id: -1 })
  throw error
})
port.on('message', (request: WorkerRequest | { op: 'close' }) => {
  if (request.op === 'close') {
    void database.close().then(() => port.close())
    return
  }
  answer(database.client, request).then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies WorkerReply),
    (error: unknown) => port.postMessage({ ...plainError(error), id: request.id }),
  )
})
port.postMessage({ id: -1, ok: true, value: undefined } satisfies WorkerReply)
