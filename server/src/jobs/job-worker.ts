import { randomUUID } from 'node:crypto'
import type { EventBus } from '../adapters/event-bus/event-bus.js'
import type { Clock } from '../clock.js'
import { recordQueuedJob } from '../operations/metrics.js'
import { type ClaimedJob, type JobQueue, type JobsEnqueuedNotice, jobsEnqueuedTopic } from './job-queue.js'

/**
 * A failure that another try would only repeat (a corrupt file, a conversion past its time
 * limit): the job is dead at once, its error kept for the admin console, which may retry it.
 */
export class FinalJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'FinalJobError'
  }
}

/**
 * What runs the jobs of one kind. It may run more than once for a job (an instance that dies
 * mid-job, a lease outlived), so it must be idempotent; throwing makes the job retry (unless it
 * throws a FinalJobError).
 */
export interface JobHandler {
  kind: string
  run(job: ClaimedJob): Promise<void>
}

export interface JobWorkerDeps {
  queue: JobQueue
  clock: Clock
  /** Where queues announce jobs due now (jobsEnqueuedTopic): the worker takes them at once. */
  events?: EventBus
  logger: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void }
}

export interface JobWorkerOptions {
  /** This instance's name on the jobs it takes (default: a random one). */
  holder?: string
  /** Jobs run at once on this instance (default 2). */
  concurrency?: number
  /** How often to look for due jobs when idle (default 2 s). */
  pollMs?: number
  /**
   * After a notice of a new job, a second look this much later (default 250 ms): the notice is
   * published inside the enqueuing transaction, which may not have committed at the first look.
   */
  wakeRetryMs?: number
  /** How long a taken job is this instance's; renewed at a third of it while it runs (default 5 min). */
  leaseMs?: number
}

export interface JobWorker {
  /** Takes and runs due jobs until none is due; resolves when they have finished (tests, and a wake-up). */
  drain(): Promise<void>
  /** Stops taking jobs and waits for the ones running. */
  stop(): Promise<void>
}

/**
 * Runs queued jobs on this instance: every instance runs one, and the queue's claim makes each job
 * run on one of them. It polls while idle and goes on at once while there is work.
 */
export function startJobWorker(
  deps: JobWorkerDeps,
  handlers: readonly JobHandler[],
  options: JobWorkerOptions = {},
): JobWorker {
  const byKind = new Map(handlers.map((handler) => [handler.kind, handler]))
  if (byKind.size !== handlers.length) throw new Error('Two job handlers for one kind')
  const kinds = [...byKind.keys()]
  const holder = options.holder ?? `worker-${randomUUID()}`
  const concurrency = options.concurrency ?? 2
  const pollMs = options.pollMs ?? 2_000
  const wakeRetryMs = options.wakeRetryMs ?? 250
  const leaseMs = options.leaseMs ?? 5 * 60_000
  const running = new Set<Promise<void>>()
  let stopped = false
  let cancelPoll: (() => void) | undefined
  let cancelWakeRetry: (() => void) | undefined
  let unsubscribe: Promise<() => Promise<void>> | undefined
  let filling: Promise<void> | undefined

  async function runOne(job: ClaimedJob): Promise<void> {
    const handler = byKind.get(job.kind)
    const started = performance.now()
    // The lease is renewed while the handler runs, so a long job stays this instance's.
    const renew = setInterval(
      () => {
        deps.queue.renew(job.id, holder, leaseMs).catch(() => {})
      },
      Math.max(1_000, leaseMs / 3),
    )
    renew.unref()
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`)
      await handler.run(job)
      await deps.queue.complete(job.id, holder)
      recordQueuedJob(job.kind, 'ok', (performance.now() - started) / 1000)
    } catch (error) {
      const final = error instanceof FinalJobError
      const outcome = await deps.queue.fail(job.id, holder, error, { final }).catch(() => 'lost' as const)
      recordQueuedJob(job.kind, outcome === 'dead' ? 'dead' : 'error', (performance.now() - started) / 1000)
      deps.logger.error({ err: error, job: job.id, kind: job.kind, attempt: job.attempt, outcome }, 'Queued job failed')
    } finally {
      clearInterval(renew)
    }
  }

  /** Takes jobs while there is room and work; each finished job makes room for the next. */
  async function takeJobs(): Promise<void> {
    // Never finishes synchronously: `filling` is set before the finally below clears it.
    await null
    try {
      while (!stopped && running.size < concurrency) {
        const jobs = await deps.queue.claim(holder, kinds, concurrency - running.size, leaseMs)
        if (jobs.length === 0) break
        for (const job of jobs) {
          const run = runOne(job).finally(() => {
            running.delete(run)
            if (!stopped) void fill()
          })
          running.add(run)
        }
      }
    } catch (error) {
      deps.logger.error({ err: error }, 'Could not take queued jobs')
    } finally {
      filling = undefined
    }
  }

  /** One take at a time: a call while one is under way joins it. */
  function fill(): Promise<void> {
    filling ??= takeJobs()
    return filling
  }

  function poll(): void {
    cancelPoll = deps.clock.after(pollMs, () => {
      if (stopped) return
      void fill().finally(() => {
        if (!stopped) poll()
      })
    })
  }
  /** A job of ours is due now: look at once, and once more shortly after (see wakeRetryMs). */
  function wake(): void {
    if (stopped) return
    void fill()
    cancelWakeRetry ??= deps.clock.after(wakeRetryMs, () => {
      cancelWakeRetry = undefined
      if (!stopped) void fill()
    })
  }

  if (kinds.length > 0) {
    poll()
    unsubscribe = deps.events
      ?.subscribe(jobsEnqueuedTopic, (message) => {
        if (kinds.includes((message as JobsEnqueuedNotice).kind)) wake()
      })
      .catch((error) => {
        // Polling still finds every job; only the wake-up is lost.
        deps.logger.error({ err: error }, 'Could not listen for queued jobs')
        return async () => {}
      })
  }

  return {
    async drain() {
      for (;;) {
        // A take already under way may have looked before the jobs now due; look again after it.
        if (filling) await filling
        await fill()
        if (running.size === 0) return
        await Promise.race(running)
      }
    },
    async stop() {
      stopped = true
      cancelPoll?.()
      cancelWakeRetry?.()
      await (await unsubscribe)?.()
      await filling
      await Promise.all(running)
    },
  }
}
