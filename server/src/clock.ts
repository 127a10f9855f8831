/**
 * The time source of every rule that depends on "now" (expiry, rate-limit windows, trials, job
 * ticks); tests substitute a controllable one (testing/test-clock.ts).
 */
export interface Clock {
  now(): Date
  /**
   * Calls `fn` once `ms` of this clock's time passed; returns a function that cancels it. The
   * timer never keeps the process alive.
   */
  after(ms: number, fn: () => void): () => void
}

// Node fires a longer setTimeout after 1 ms (with a warning); longer waits are chained.
const longestTimeoutMs = 2 ** 31 - 1

export const systemClock: Clock = {
  now: () => new Date(),
  after(ms, fn) {
    let timer: NodeJS.Timeout
    const wait = (left: number) => {
      timer = setTimeout(
        () => (left > longestTimeoutMs ? wait(left - longestTimeoutMs) : fn()),
        Math.min(left, longestTimeoutMs),
      )
      timer.unref()
    }
    wait(Math.max(0, ms))
    return () => clearTimeout(timer)
  },
}
