import { type Clock, systemClock } from '../clock.js'

/** A clock the test moves forward; between moves it runs with real time. */
export interface TestClock extends Clock {
  /** Moves time forward by `ms`, firing on the way, each at its time, the timers that fall due. */
  advance(ms: number): void
  /** Undoes every advance; no timer fires. */
  reset(): void
  /** How many timers wait to fire (so a test can wait until the code under test scheduled its next one). */
  pendingTimers(): number
}

interface Timer {
  dueAt: number
  fn: () => void
  cancelRealTimer: () => void
}

/** A test clock that reads `start` now (default: the real time), and moves on from there. */
export function createTestClock(start?: Date): TestClock {
  const startOffset = start ? start.getTime() - Date.now() : 0
  let offset = startOffset
  const timers = new Set<Timer>()
  const nowMs = () => Date.now() + offset

  const fire = (timer: Timer) => {
    if (!timers.delete(timer)) return
    timer.cancelRealTimer()
    timer.fn()
  }

  return {
    now: () => new Date(nowMs()),
    after(ms, fn) {
      const timer: Timer = { dueAt: nowMs() + Math.max(0, ms), fn, cancelRealTimer: () => {} }
      timers.add(timer)
      // Real time moves this clock too: a timer nobody advances to fires when real time gets there.
      timer.cancelRealTimer = systemClock.after(ms, () => fire(timer))
      return () => {
        timers.delete(timer)
        timer.cancelRealTimer()
      }
    },
    advance(ms) {
      const target = nowMs() + ms
      // One at a time, each at its own time: a timer that fires may schedule another that falls
      // due within this advance.
      for (;;) {
        let next: Timer | undefined
        for (const timer of timers) if (timer.dueAt <= target && (!next || timer.dueAt < next.dueAt)) next = timer
        if (!next) break
        offset += Math.max(0, next.dueAt - nowMs())
        fire(next)
      }
      offset += Math.max(0, target - nowMs())
    },
    reset() {
      offset = startOffset
    },
    pendingTimers: () => timers.size,
  }
}
