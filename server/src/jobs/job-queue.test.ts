import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { createInProcessEventBus } from '../adapters/event-bus/in-process-event-bus.js'
import type { Database } from '../db/database.js'
import { openPostgresDatabase } from '../db/postgres-database.js'
import { queuedJobs } from '../db/schema/index.js'
import { availablePostgres } from '../testing/services.js'
import { createTestClock } from '../testing/test-clock.js'
import { createTestDatabase, forEachDatabase } from '../testing/test-database.js'
import { backoffMs, createJobQueue } from './job-queue.js'
import { startJobWorker } from './job-worker.js'

const lease = 60_000
const base = 10_000
const quietLogger = { info() {}, error() {} }

function setup(database: Database) {
  const clock = createTestClock()
  const queue = createJobQueue({ database, clock }, { baseBackoffMs: base, maxBackoffMs: 35_000 })
  return { clock, queue }
}

const rowOf = async (database: Database, id: string) =>
  (await database.db.select().from(queuedJobs).where(eq(queuedJobs.id, id)))[0]

it('waits base·2^(n-1) before retry n+1, capped', () => {
  expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, 1000, 10_000))).toEqual([1000, 2000, 4000, 8000, 10_000])
})

await forEachDatabase((getDatabase) => {
  it('hands a job to one holder, and removes it when it is done', async () => {
    const database = getDatabase()
    const { queue } = setup(database)
    const id = await queue.enqueue('once', { n: 1 })
    const [job] = await queue.claim('a', ['once'], 5, lease)
    expect(job).toMatchObject({ id, kind: 'once', payload: { n: 1 }, attempt: 1, maxAttempts: 5 })
    expect(await queue.claim('b', ['once'], 5, lease)).toEqual([])
    await queue.complete(id!, 'a')
    expect(await rowOf(database, id!)).toBeUndefined()
  })

  it('takes only the kinds asked for, and only jobs whose time came', async () => {
    const { queue, clock } = setup(getDatabase())
    await queue.enqueue('kind-x', {})
    await queue.enqueue('kind-y', {}, { runAt: new Date(clock.now().getTime() + 5_000) })
    expect((await queue.claim('a', ['kind-y'], 5, lease)).length).toBe(0)
    clock.advance(5_000)
    expect((await queue.claim('a', ['kind-y'], 5, lease)).map((job) => job.kind)).toEqual(['kind-y'])
  })

  it("enqueues in the caller's transaction: a rolled-back transaction leaves no job", async () => {
    const database = getDatabase()
    const { queue } = setup(database)
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue('in-tx', {}, { executor: tx })
        throw new Error('rollback')
      }),
    ).rejects.toThrow('rollback')
    await database.db.transaction(async (tx) => {
      await queue.enqueue('in-tx', { kept: true }, { executor: tx })
    })
    const jobs = await queue.claim('a', ['in-tx'], 5, lease)
    expect(jobs.map((job) => job.payload)).toEqual([{ kept: true }])
  })

  it('keeps one live job per dedupe key', async () => {
    const { queue } = setup(getDatabase())
    expect(await queue.enqueue('dedupe', {}, { dedupeKey: 'file-1' })).toEqual(expect.any(String))
    expect(await queue.enqueue('dedupe', {}, { dedupeKey: 'file-1' })).toBeNull()
    const [job] = await queue.claim('a', ['dedupe'], 5, lease)
    await queue.complete(job!.id, 'a')
    expect(await queue.enqueue('dedupe', {}, { dedupeKey: 'file-1' })).toEqual(expect.any(String))
  })

  it('retries a failed job after a doubling back-off, then gives it up as dead; an admin retry revives it', async () => {
    const database = getDatabase()
    const { queue, clock } = setup(database)
    const id = (await queue.enqueue('flaky', {}, { maxAttempts: 3 }))!
    const waits: number[] = []
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [job] = await queue.claim('a', ['flaky'], 1, lease)
      expect(job?.attempt).toBe(attempt)
      const outcome = await queue.fail(id, 'a', new Error(`boom ${attempt}`))
      expect(outcome).toBe(attempt < 3 ? 'retry' : 'dead')
      const row = (await rowOf(database, id))!
      if (outcome === 'dead') break
      // The test clock also runs with real time: the wait is measured from the failure's own time.
      const wait = row.runAt.getTime() - row.updatedAt.getTime()
      waits.push(wait)
      // Not a moment before its time.
      clock.advance(row.runAt.getTime() - clock.now().getTime() - 1_000)
      expect(await queue.claim('a', ['flaky'], 1, lease)).toEqual([])
      clock.advance(1_000)
    }
    expect(waits).toEqual([base, 2 * base])
    const dead = (await rowOf(database, id))!
    expect(dead).toMatchObject({ state: 'dead', attempts: 3, lastError: 'Error: boom 3', leaseHolder: null })
    clock.advance(3_600_000)
    expect(await queue.claim('a', ['flaky'], 1, lease)).toEqual([])
    expect((await queue.list('dead', 10)).map((job) => job.id)).toContain(id)
    expect(await queue.counts()).toContainEqual({ kind: 'flaky', state: 'dead', count: 1 })

    expect(await queue.retry(id)).toBe(true)
    expect(await queue.retry(id)).toBe(false)
    const [again] = await queue.claim('b', ['flaky'], 1, lease)
    expect(again).toMatchObject({ id, attempt: 1 })
  })

  it("gives a job whose holder stopped to another once the lease ran out; the first holder's late answer is ignored", async () => {
    const database = getDatabase()
    const { queue, clock } = setup(database)
    const id = (await queue.enqueue('crash', {}))!
    await queue.claim('a', ['crash'], 1, lease)
    clock.advance(lease - 5_000)
    expect(await queue.claim('b', ['crash'], 1, lease)).toEqual([])
    expect(await queue.renew(id, 'a', lease)).toBe(true)
    clock.advance(lease)
    const [retried] = await queue.claim('b', ['crash'], 1, lease)
    expect(retried).toMatchObject({ id, attempt: 2 })
    expect(await queue.renew(id, 'a', lease)).toBe(false)
    expect(await queue.fail(id, 'a', new Error('late'))).toBe('lost')
    await queue.complete(id, 'a')
    expect((await rowOf(database, id))?.leaseHolder).toBe('b')
    await queue.complete(id, 'b')
    expect(await rowOf(database, id)).toBeUndefined()
  })

  it('marks dead a job whose holder stopped during its last try', async () => {
    const database = getDatabase()
    const { queue, clock } = setup(database)
    const id = (await queue.enqueue('last-try', {}, { maxAttempts: 1 }))!
    await queue.claim('a', ['last-try'], 1, lease)
    clock.advance(lease)
    expect(await queue.claim('b', ['last-try'], 1, lease)).toEqual([])
    expect(await rowOf(database, id)).toMatchObject({ state: 'dead', attempts: 1 })
  })

  it('runs each kind with its handler on a worker, and retries a handler that throws', async () => {
    const database = getDatabase()
    const { queue, clock } = setup(database)
    const seen: unknown[] = []
    let failures = 1
    const worker = startJobWorker({ queue, clock, logger: quietLogger }, [
      { kind: 'greet', run: async (job) => void seen.push(job.payload) },
      {
        kind: 'fails-once',
        run: async () => {
          if (failures-- > 0) throw new Error('first try fails')
          seen.push('second try')
        },
      },
    ])
    try {
      await queue.enqueue('greet', { to: 'a' })
      await queue.enqueue('fails-once', {})
      await queue.enqueue('nobody-handles', {})
      await worker.drain()
      expect(seen).toEqual([{ to: 'a' }])
      clock.advance(base)
      await worker.drain()
      expect(seen).toEqual([{ to: 'a' }, 'second try'])
      const ours = (await queue.counts()).filter((row) => ['greet', 'fails-once', 'nobody-handles'].includes(row.kind))
      expect(ours).toEqual([{ kind: 'nobody-handles', state: 'queued', count: 1 }])
    } finally {
      await worker.stop()
    }
  })

  it('keeps a worker taking jobs as running ones finish, more jobs than it runs at once', async () => {
    const { queue, clock } = setup(getDatabase())
    for (let i = 0; i < 7; i++) await queue.enqueue('many', { i })
    const seen: number[] = []
    const worker = startJobWorker(
      { queue, clock, logger: quietLogger },
      [
        {
          kind: 'many',
          run: async (job) => {
            // Jobs finish out of order, some while the worker is taking the next.
            await new Promise((resolve) => setImmediate(resolve))
            if ((job.payload as { i: number }).i % 2) await new Promise((resolve) => setImmediate(resolve))
            seen.push((job.payload as { i: number }).i)
          },
        },
      ],
      { concurrency: 2 },
    )
    try {
      await worker.drain()
      expect(seen.sort()).toEqual([0, 1, 2, 3, 4, 5, 6])
    } finally {
      await worker.stop()
    }
  })

  it('takes a job due now at once when the queue announces it on the bus, not at the next poll', async () => {
    const database = getDatabase()
    const clock = createTestClock()
    const events = createInProcessEventBus({ logger: { ...quietLogger, warn() {} } })
    const queue = createJobQueue({ database, clock, events })
    const ran: string[] = []
    const worker = startJobWorker(
      { queue, clock, events, logger: quietLogger },
      [{ kind: 'woken', run: async (job) => void ran.push((job.payload as { name: string }).name) }],
      { pollMs: 60 * 60_000 },
    )
    try {
      await queue.enqueue('woken', { name: 'plain' })
      await vi.waitFor(() => expect(ran).toHaveLength(1), { timeout: 10_000 })
      // Announced inside a transaction that commits later: the second look, wakeRetryMs on, finds it.
      await database.db.transaction(async (tx) => {
        await queue.enqueue('woken', { name: 'in a transaction' }, { executor: tx })
      })
      clock.advance(250)
      await vi.waitFor(() => expect(ran).toHaveLength(2), { timeout: 10_000 })
      expect(ran).toEqual(['plain', 'in a transaction'])
    } finally {
      await worker.stop()
      await events.close()
    }
  })

  it('gives each of many jobs to exactly one of two workers claiming at once', async () => {
    const { queue } = setup(getDatabase())
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => queue.enqueue('race', { i })))
    const taken: string[] = []
    await Promise.all(
      ['a', 'b'].map(async (holder) => {
        for (;;) {
          const jobs = await queue.claim(holder, ['race'], 3, lease)
          if (jobs.length === 0) return
          taken.push(...jobs.map((job) => job.id))
        }
      }),
    )
    expect(taken.sort()).toEqual([...ids].sort())
  })
})

describe.skipIf(!(await availablePostgres()))('job queue on PostgreSQL shared by several instances', () => {
  it('gives each job to exactly one worker while workers on two connections race (SKIP LOCKED)', async () => {
    const target = await createTestDatabase('postgres')
    const a = await openPostgresDatabase({ url: target.url!, max: 4 })
    const b = await openPostgresDatabase({ url: target.url!, max: 4 })
    try {
      const clock = createTestClock()
      const queues = [a, b].map((database) => createJobQueue({ database, clock }))
      const ids = await Promise.all(Array.from({ length: 60 }, (_, i) => queues[0]!.enqueue('pg-race', { i })))
      const runs = new Map<string, number>()
      const workers = Array.from({ length: 6 }, (_, i) =>
        startJobWorker(
          { queue: queues[i % 2]!, clock, logger: quietLogger },
          [
            {
              kind: 'pg-race',
              run: async (job) => {
                runs.set(job.id, (runs.get(job.id) ?? 0) + 1)
              },
            },
          ],
          { holder: `w${i}`, concurrency: 3 },
        ),
      )
      await Promise.all(workers.map((worker) => worker.drain()))
      await Promise.all(workers.map((worker) => worker.stop()))
      expect([...runs.keys()].sort()).toEqual([...ids].sort())
      expect([...runs.values()].every((n) => n === 1)).toBe(true)
      expect(await queues[0]!.counts()).toEqual([])
    } finally {
      await a.close()
      await b.close()
      await target.close()
    }
  })
})
