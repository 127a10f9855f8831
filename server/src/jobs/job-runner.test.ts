import { randomUUID } from 'node:crypto'
import { expect, it, vi } from 'vitest'
import { createTestClock, type TestClock } from '../testing/test-clock.js'
import { forEachDatabase } from '../testing/test-database.js'
import { type Job, startJobs } from './job-runner.js'

const quiet = { info() {}, error() {} }
// Longer than any test takes, so ticks come only when the test moves the clock. The lease lasts
// this long too, by the database's clock, so it never runs out by itself here.
const interval = 60_000
const options = { firstTickMs: interval }

/** Waits until the runners have finished their ticks and scheduled `count` next ones. */
const scheduled = (clock: TestClock, count: number) => vi.waitFor(() => expect(clock.pendingTimers()).toBe(count))

/** One tick of every runner: the timers fire at once, so none is pending until the ticks are done. */
async function tick(clock: TestClock, runners: number) {
  clock.advance(interval)
  expect(clock.pendingTimers()).toBe(0)
  await scheduled(clock, runners)
}

await forEachDatabase((getDatabase) => {
  it('runs each tick on one of several instances, and another takes over when it stops', async () => {
    const clock = createTestClock()
    const runs: string[] = []
    const name = `tick-${randomUUID()}`
    const jobAs = (holder: string): Job => ({ name, intervalMs: interval, run: async () => runs.push(holder) })
    const deps = { database: getDatabase(), clock, logger: quiet }
    const a = startJobs(deps, [jobAs('a')], { ...options, holder: 'a' })
    const b = startJobs(deps, [jobAs('b')], { ...options, holder: 'b' })
    for (let i = 0; i < 4; i++) await tick(clock, 2)
    // Four ticks of two runners: without the lease, eight runs.
    const first = runs[0]!
    expect(runs).toEqual([first, first, first, first])

    const [holder, other] = first === 'a' ? [a, b] : [b, a]
    await holder.stop()
    expect(clock.pendingTimers()).toBe(1)
    for (let i = 0; i < 2; i++) await tick(clock, 1)
    expect(runs.slice(4)).toEqual(first === 'a' ? ['b', 'b'] : ['a', 'a'])

    await other.stop()
    expect(clock.pendingTimers()).toBe(0)
    clock.advance(10 * interval)
    expect(runs).toHaveLength(6)
  })

  it('keeps the cadence from start to start, and follows a run longer than the interval at once', async () => {
    const clock = createTestClock()
    const durations = [interval / 3, 2 * interval, 0]
    let runs = 0
    const runner = startJobs(
      { database: getDatabase(), clock, logger: quiet },
      [
        {
          name: `cadence-${randomUUID()}`,
          intervalMs: interval,
          // A run as long as the test says, on the runner's clock.
          run: async () => clock.advance(durations[runs++] ?? 0),
        },
      ],
      options,
    )
    try {
      await tick(clock, 1)
      expect(runs).toBe(1)
      // The first run took a third of the interval: the next starts two thirds later.
      clock.advance(interval / 2)
      expect(clock.pendingTimers()).toBe(1)
      clock.advance(interval / 6)
      // The second took two intervals: the third starts at once, without the clock moving.
      await vi.waitFor(() => expect(runs).toBe(3))
      await scheduled(clock, 1)
    } finally {
      await runner.stop()
    }
  })

  it('logs a failing run and keeps ticking', async () => {
    const clock = createTestClock()
    let calls = 0
    const logger = { info: vi.fn(), error: vi.fn() }
    const runner = startJobs(
      { database: getDatabase(), clock, logger },
      [
        {
          name: `failing-${randomUUID()}`,
          intervalMs: interval,
          run: async () => {
            calls++
            throw new Error('boom')
          },
        },
      ],
      options,
    )
    try {
      await tick(clock, 1)
      expect(logger.error).toHaveBeenCalledWith(
        expect.objectContaining({ job: expect.stringMatching(/^failing-/) }),
        'Job failed',
      )
      await tick(clock, 1)
      expect(calls).toBe(2)
    } finally {
      await runner.stop()
    }
  })

  it('refuses a job without a positive interval', () => {
    expect(() =>
      startJobs({ database: getDatabase(), clock: createTestClock(), logger: quiet }, [
        { name: 'x', intervalMs: 0, run: async () => {} },
      ]),
    ).toThrow(RangeError)
  })
})
