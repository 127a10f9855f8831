import { randomUUID } from 'node:crypto'
import { expect, it, vi } from 'vitest'
import { forEachDatabase } from '../testing/test-database.js'
import { type Job, startJobs } from './job-runner.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const quiet = { info() {}, error() {} }

await forEachDatabase((getDatabase) => {
  it('runs each tick on one of several instances, and another takes over when it stops', async () => {
    const runs: { holder: string }[] = []
    const name = `tick-${randomUUID()}`
    const jobAs = (holder: string): Job => ({
      name,
      intervalMs: 100,
      run: async () => {
        runs.push({ holder })
        await sleep(10)
      },
    })
    const deps = { database: getDatabase(), logger: quiet }
    const a = startJobs(deps, [jobAs('a')], { holder: 'a', firstTickMs: 0 })
    const b = startJobs(deps, [jobAs('b')], { holder: 'b', firstTickMs: 0 })
    await sleep(1050)
    // Two runners without the lease would run about 20 times in 1 s; with it, about 10.
    expect(runs.length).toBeGreaterThanOrEqual(5)
    expect(runs.length).toBeLessThanOrEqual(13)

    const first = runs[0]!.holder
    await (first === 'a' ? a : b).stop()
    const countAtStop = runs.length
    await sleep(400)
    const later = runs.slice(countAtStop)
    expect(later.length).toBeGreaterThanOrEqual(2)
    expect(later.every((r) => r.holder !== first)).toBe(true)
    await (first === 'a' ? b : a).stop()
    const stoppedAt = runs.length
    await sleep(250)
    expect(runs.length).toBe(stoppedAt)
  })

  it('logs a failing run and keeps ticking', async () => {
    let calls = 0
    const logger = { info: vi.fn(), error: vi.fn() }
    const runner = startJobs(
      { database: getDatabase(), logger },
      [
        {
          name: `failing-${Math.random()}`,
          intervalMs: 50,
          run: async () => {
            calls++
            throw new Error('boom')
          },
        },
      ],
      { firstTickMs: 0 },
    )
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(3), { timeout: 2000 })
    await runner.stop()
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: expect.stringMatching(/^failing-/) }),
      'Job failed',
    )
  })

  it('refuses a job without a positive interval', () => {
    expect(() =>
      startJobs({ database: getDatabase(), logger: quiet }, [{ name: 'x', intervalMs: 0, run: async () => {} }]),
    ).toThrow(RangeError)
  })
})
