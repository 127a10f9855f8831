import { type Clock, systemClock } from '../../clock.js'
import { type RateLimiter, toResult } from './rate-limiter.js'

interface Window {
  count: number
  endsAt: number
}

const pruneAbove = 10_000

/** Counts in this process only: right for a single instance (the default install). */
export function createInMemoryRateLimiter(options: { clock?: Clock } = {}): RateLimiter {
  const clock = options.clock ?? systemClock
  const now = () => clock.now().getTime()
  const windows = new Map<string, Window>()

  const prune = (at: number) => {
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key)
  }

  return {
    kind: 'in-memory',
    async hit(key, limit, windowMs) {
      const at = now()
      let window = windows.get(key)
      if (!window || window.endsAt <= at) {
        if (windows.size >= pruneAbove) prune(at)
        window = { count: 0, endsAt: at + windowMs }
        windows.set(key, window)
      }
      window.count++
      return toResult(window.count, limit, window.endsAt - at)
    },
    async peek(key) {
      const at = now()
      const window = windows.get(key)
      if (!window || window.endsAt <= at) return { count: 0, retryAfterSeconds: 0 }
      return { count: window.count, retryAfterSeconds: Math.max(1, Math.ceil((window.endsAt - at) / 1000)) }
    },
    async reset(key) {
      windows.delete(key)
    },
    async close() {
      windows.clear()
    },
  }
}
