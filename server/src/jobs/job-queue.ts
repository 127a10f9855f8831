import type { Page, PageRequest } from '@ferry/contracts/api/pagination'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { EventBus } from '../adapters/event-bus/event-bus.js'
import type { Clock } from '../clock.js'
import type { Database, DbExecutor } from '../db/database.js'
import { keyset } from '../db/keyset-page.js'
import { type QueuedJobState, queuedJobs } from '../db/schema/index.js'

/** A job taken by a worker: what its handler receives. */
export interface ClaimedJob {
  id: string
  kind: string
  payload: unknown
  /** This try's number, from 1. */
  attempt: number
  maxAttempts: number
}

export interface EnqueueOptions {
  /** Enqueue inside this transaction, so the job exists exactly when the caller's writes do. */
  executor?: DbExecutor
  /** At most one live job per key: enqueueing a key already queued, running or dead does nothing. */
  dedupeKey?: string
  /** Not before this time (default: now). */
  runAt?: Date
  /** Tries before it is given up as dead (default 5). */
  maxAttempts?: number
}

export interface QueuedJobSummary {
  id: string
  kind: string
  state: QueuedJobState
  attempts: number
  maxAttempts: number
  runAt: Date
  lastError: string | null
  createdAt: Date
  updatedAt: Date
}

export interface JobQueue {
  /** Adds a job; returns its id, or null when `dedupeKey` already had one. */
  enqueue(kind: string, payload: unknown, options?: EnqueueOptions): Promise<string | null>
  /**
   * Takes up to `limit` due jobs of these kinds for `holder`, for `leaseMs`: jobs waiting whose
   * time came, and jobs whose last holder's lease ran out (an instance that died mid-job). Rows
   * another worker is taking at the same moment are skipped (FOR UPDATE SKIP LOCKED), so each job
   * is taken by one worker.
   */
  claim(holder: string, kinds: readonly string[], limit: number, leaseMs: number): Promise<ClaimedJob[]>
  /** Pushes the lease of a job this holder still runs; false when it lost it. */
  renew(id: string, holder: string, leaseMs: number): Promise<boolean>
  /** The job succeeded: it is removed. */
  complete(id: string, holder: string): Promise<void>
  /**
   * The try failed: retried after a back-off, or dead when it was the last try, or at once with
   * `final` (a failure another try would repeat).
   */
  fail(id: string, holder: string, error: unknown, options?: { final?: boolean }): Promise<'retry' | 'dead' | 'lost'>
  /** An admin's retry of a dead job: it waits again, with its tries reset. */
  retry(id: string): Promise<boolean>
  /** Jobs by state and kind, for the admin console and /metrics. */
  counts(): Promise<{ kind: string; state: QueuedJobState; count: number }[]>
  /** Jobs in one state, the oldest first. */
  list(state: QueuedJobState, limit: number): Promise<QueuedJobSummary[]>
  /** One page of jobs, newest first, optionally of one state and kind (the admin console). */
  page(filter: { state?: QueuedJobState; kind?: string }, request: PageRequest): Promise<Page<QueuedJobSummary>>
  /** One job, or undefined when it is no longer queued (it succeeded). */
  find(id: string): Promise<QueuedJobSummary | undefined>
}

export interface JobQueueOptions {
  /** The delay before the first retry; each next one doubles, up to `maxBackoffMs`. */
  baseBackoffMs?: number
  maxBackoffMs?: number
}

/** The wait before retry number `attempt + 1`: base·2^(attempt-1), capped. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1))
}

const errorText = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000)

/**
 * The durable job queue (docs/decisions/0017). Times (run_at, leases) follow `clock`, so a test moves
 * back-off and lease expiry forward; instances' clocks only need to agree within a lease's length.
 */
/**
 * The bus topic a queue announces a job due now on, so every instance's worker looks at once
 * instead of at its next poll (job-worker.ts). The notice is only a hint: a job is found by
 * polling when it is lost or came before the job's transaction committed.
 */
export const jobsEnqueuedTopic = 'jobs.enqueued'
export interface JobsEnqueuedNotice {
  kind: string
}

export function createJobQueue(
  deps: { database: Database; clock: Clock; events?: EventBus },
  options: JobQueueOptions = {},
): JobQueue {
  const { db } = deps.database
  const baseBackoff = options.baseBackoffMs ?? 30_000
  const maxBackoff = options.maxBackoffMs ?? 60 * 60_000
  const now = () => deps.clock.now()
  const later = (ms: number) => new Date(now().getTime() + ms)
  // Raw statements get times as ISO strings: both drivers pass those to PostgreSQL alike.
  const iso = (date: Date) => date.toISOString()

  return {
    async enqueue(kind, payload, { executor = db, dedupeKey, runAt, maxAttempts = 5 } = {}) {
      const at = now()
      const rows = await executor
        .insert(queuedJobs)
        .values({
          kind,
          payload: payload === undefined ? {} : payload,
          dedupeKey: dedupeKey ?? null,
          maxAttempts,
          runAt: runAt ?? at,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing({ target: queuedJobs.dedupeKey })
        .returning({ id: queuedJobs.id })
      const id = rows[0]?.id ?? null
      if (id && (!runAt || runAt <= at)) {
        const notice: JobsEnqueuedNotice = { kind }
        deps.events?.publish(jobsEnqueuedTopic, notice).catch(() => {})
      }
      return id
    },

    async claim(holder, kinds, limit, leaseMs) {
      if (kinds.length === 0 || limit <= 0) return []
      const at = now()
      const kindList = sql.join(
        kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )
      // A job whose instance died on its last try is not taken again: it is dead.
      await db
        .update(queuedJobs)
        .set({
          state: 'dead',
          leaseHolder: null,
          leaseExpiresAt: null,
          updatedAt: at,
          lastError: sql`coalesce(${queuedJobs.lastError}, 'The instance running it stopped (lease expired)')`,
        })
        .where(
          sql`${queuedJobs.state} = 'running' and ${queuedJobs.leaseExpiresAt} <= ${iso(at)} and ${queuedJobs.attempts} >= ${queuedJobs.maxAttempts} and ${queuedJobs.kind} in (${kindList})`,
        )
      const result = await db.execute<{
        id: string
        kind: string
        payload: unknown
        attempts: number
        max_attempts: number
      }>(sql`
        update ${queuedJobs}
        set state = 'running', attempts = attempts + 1, lease_holder = ${holder},
            lease_expires_at = ${iso(later(leaseMs))}, updated_at = ${iso(at)}
        where id in (
          select id from ${queuedJobs}
          where kind in (${kindList}) and attempts < max_attempts
            and ((state = 'queued' and run_at <= ${iso(at)}) or (state = 'running' and lease_expires_at <= ${iso(at)}))
          order by run_at
          limit ${limit}
          for update skip locked
        )
        returning id, kind, payload, attempts, max_attempts`)
      return result.rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        payload: row.payload,
        attempt: Number(row.attempts),
        maxAttempts: Number(row.max_attempts),
      }))
    },

    async renew(id, holder, leaseMs) {
      const rows = await db
        .update(queuedJobs)
        .set({ leaseExpiresAt: later(leaseMs), updatedAt: now() })
        .where(and(eq(queuedJobs.id, id), eq(queuedJobs.leaseHolder, holder), eq(queuedJobs.state, 'running')))
        .returning({ id: queuedJobs.id })
      return rows.length === 1
    },

    async complete(id, holder) {
      await db
        .delete(queuedJobs)
        .where(and(eq(queuedJobs.id, id), eq(queuedJobs.leaseHolder, holder), eq(queuedJobs.state, 'running')))
    },

    async fail(id, holder, error, { final = false } = {}) {
      const at = now()
      const rows = await db
        .update(queuedJobs)
        .set({
          state: final
            ? 'dead'
            : sql`case when ${queuedJobs.attempts} >= ${queuedJobs.maxAttempts} then 'dead' else 'queued' end`,
          // The wait doubles with each try: base·2^(tries-1), capped (same as backoffMs).
          runAt: sql`${iso(at)}::timestamptz + least(${maxBackoff}::float8, ${baseBackoff}::float8 * power(2, greatest(${queuedJobs.attempts} - 1, 0))) * interval '1 millisecond'`,
          leaseHolder: null,
          leaseExpiresAt: null,
          lastError: errorText(error),
          updatedAt: at,
        })
        .where(and(eq(queuedJobs.id, id), eq(queuedJobs.leaseHolder, holder), eq(queuedJobs.state, 'running')))
        .returning({ state: queuedJobs.state })
      const state = rows[0]?.state
      return state === undefined ? 'lost' : state === 'dead' ? 'dead' : 'retry'
    },

    async retry(id) {
      const at = now()
      const rows = await db
        .update(queuedJobs)
        .set({ state: 'queued', attempts: 0, runAt: at, updatedAt: at })
        .where(and(eq(queuedJobs.id, id), eq(queuedJobs.state, 'dead')))
        .returning({ id: queuedJobs.id })
      return rows.length === 1
    },

    async counts() {
      const rows = await db
        .select({ kind: queuedJobs.kind, state: queuedJobs.state, count: count() })
        .from(queuedJobs)
        .groupBy(queuedJobs.kind, queuedJobs.state)
        .orderBy(asc(queuedJobs.kind), asc(queuedJobs.state))
      return rows.map((row) => ({ ...row, count: Number(row.count) }))
    },

    async list(state, limit) {
      return db
        .select(summaryColumns)
        .from(queuedJobs)
        .where(eq(queuedJobs.state, state))
        .orderBy(asc(queuedJobs.updatedAt))
        .limit(limit)
    },

    async page(filter, request) {
      const page = keyset({ at: queuedJobs.createdAt, id: queuedJobs.id }, request)
      const matches = and(
        filter.state ? eq(queuedJobs.state, filter.state) : undefined,
        filter.kind ? eq(queuedJobs.kind, filter.kind) : undefined,
      )
      const [rows, total] = await Promise.all([
        db
          .select({ ...summaryColumns, cursorAt: page.cursorAt })
          .from(queuedJobs)
          .where(and(matches, page.where))
          .orderBy(...page.orderBy)
          .limit(page.take),
        db.$count(queuedJobs, matches),
      ])
      return page.page(
        rows,
        total,
        (row) => row.id,
        (shown) => shown.map(({ cursorAt: _, ...job }) => job),
      )
    },

    async find(id) {
      const [row] = await db.select(summaryColumns).from(queuedJobs).where(eq(queuedJobs.id, id))
      return row
    },
  }
}

const summaryColumns = {
  id: queuedJobs.id,
  kind: queuedJobs.kind,
  state: queuedJobs.state,
  attempts: queuedJobs.attempts,
  maxAttempts: queuedJobs.maxAttempts,
  runAt: queuedJobs.runAt,
  lastError: queuedJobs.lastError,
  createdAt: queuedJobs.createdAt,
  updatedAt: queuedJobs.updatedAt,
}
