import { randomUUID } from 'node:crypto'
import type { Clock } from '../clock.js'
import type { Db } from '../db/database.js'
import { recordJobRun } from '../operations/metrics.js'
import { releaseLease, tryAcquireLease } from './job-lease.js'

/** A periodic job. `run` must be safe if, rarely, two instances run it at once (a lease outlived). */
export interface Job {
  /** Also the name of its lease: one instance runs each tick. */
  name: string
  intervalMs: number
  run(): Promise<unknown>
}

export interface JobRunnerDeps {
  database: { db: Db }
  /** Ticks follow this clock, so a test can move them forward. */
  clock: Clock
  logger: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void }
}

export interface JobRunnerOptions {
  /** This instance's name in the leases (default: a random one). */
  holder?: string
  /** Delay before each job's first tick (default 10 s, so starting up is not slowed). */
  firstTickMs?: number
}

export interface JobRunner {
  /** Stops ticking, waits for runs in progress, and gives up the leases it holds. */
  stop(): Promise<void>
}

/**
 * Ticks each job every `intervalMs`. A tick runs the job only if this instance takes (or
 * renews) the job's lease for one interval, so of several instances one runs each tick, and
 * another takes over within an interval when it stops. A failing run is logged; ticks go on.
 */
export function startJobs(deps: JobRunnerDeps, jobs: readonly Job[], options: JobRunnerOptions = {}): JobRunner {
  const holder = options.holder ?? `instance-${randomUUID()}`
  const timers = new Set<() => void>()
  const running = new Set<Promise<void>>()
  let stopped = false

  async function tick(job: Job): Promise<void> {
    const started = performance.now()
    try {
      if (!(await tryAcquireLease(deps.database.db, job.name, holder, job.intervalMs))) {
        recordJobRun(job.name, 'held_elsewhere', 0)
        return
      }
      const result = await job.run()
      const ms = performance.now() - started
      recordJobRun(job.name, 'ok', ms / 1000, result)
      deps.logger.info({ job: job.name, result, ms: Math.round(ms) }, 'Job ran')
    } catch (error) {
      recordJobRun(job.name, 'error', (performance.now() - started) / 1000)
      deps.logger.error({ err: error, job: job.name }, 'Job failed')
    }
  }

  function schedule(job: Job, delayMs: number): void {
    const cancel = deps.clock.after(delayMs, () => {
      timers.delete(cancel)
      if (stopped) return
      const started = deps.clock.now().getTime()
      const run = tick(job).finally(() => {
        running.delete(run)
        // Ticks keep their cadence from start to start; a run longer than the interval is followed at once.
        if (!stopped) schedule(job, Math.max(0, job.intervalMs - (deps.clock.now().getTime() - started)))
      })
      running.add(run)
    })
    timers.add(cancel)
  }

  for (const job of jobs) {
    if (!Number.isFinite(job.intervalMs) || job.intervalMs <= 0) {
      throw new RangeError(`Job ${job.name} needs a positive interval, got ${job.intervalMs}`)
    }
    schedule(job, options.firstTickMs ?? Math.min(10_000, job.intervalMs))
  }

  return {
    async stop() {
      stopped = true
      for (const cancel of timers) cancel()
      timers.clear()
      await Promise.all(running)
      await Promise.all(jobs.map((job) => releaseLease(deps.database.db, job.name, holder).catch(() => {})))
    },
  }
}
