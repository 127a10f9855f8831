import { Redis } from 'ioredis'
import { type Clock, systemClock } from '../../clock.js'
import { type RateLimiter, toResult } from './rate-limiter.js'

export interface RedisRateLimiterOptions {
  url: string
  /** Prepended to every key, so deployments (and test runs) can share one Redis. */
  keyPrefix?: string
  connectionName?: string
  clock?: Clock
}

// One round trip, atomic: count, start a window when there is none or it ended, report the time
// left. Windows end by the instances' clock (ARGV[1]), not Redis's, so a test can move them; the
// instances of a deployment keep their clocks in step, and a skew of a second moves an end by a
// second. The expiry only lets Redis forget a window that ended.
const hitScript = `
local now = tonumber(ARGV[1])
local endsAt = tonumber(redis.call('HGET', KEYS[1], 'ends_at'))
if not endsAt or endsAt <= now then
  endsAt = now + tonumber(ARGV[2])
  redis.call('HSET', KEYS[1], 'ends_at', endsAt, 'count', 0)
end
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
redis.call('PEXPIRE', KEYS[1], math.max(1, endsAt - now))
return {count, endsAt - now}
`

// The count and the time left together, so the two cannot come from different windows.
const peekScript = `
local window = redis.call('HMGET', KEYS[1], 'ends_at', 'count')
local endsAt = tonumber(window[1])
local now = tonumber(ARGV[1])
if not endsAt or endsAt <= now then return {0, 0} end
return {tonumber(window[2]), endsAt - now}
`

/** Counts in Redis, so every instance sharing it shares the counts. */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  // Not `rate:`, whose keys (plain counters) an instance of an older version may still be using.
  const prefix = `${options.keyPrefix ?? 'ferry:'}rate-window:`
  const clock = options.clock ?? systemClock
  const redis = new Redis(options.url, {
    connectionName: options.connectionName ?? 'ferry-rate-limit',
    maxRetriesPerRequest: 2,
  })
  // ioredis logs unhandled 'error' events loudly; a failed hit() rejects on its own.
  redis.on('error', () => {})

  return {
    kind: 'redis',
    async hit(key, limit, windowMs) {
      const now = clock.now().getTime()
      const [count, remainingMs] = (await redis.eval(
        hitScript,
        1,
        prefix + key,
        String(now),
        String(Math.ceil(windowMs)),
      )) as [number, number]
      return toResult(count, limit, remainingMs)
    },
    async peek(key) {
      const now = clock.now().getTime()
      const [count, remainingMs] = (await redis.eval(peekScript, 1, prefix + key, String(now))) as [number, number]
      if (!count) return { count: 0, retryAfterSeconds: 0 }
      return { count, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) }
    },
    async reset(key) {
      await redis.del(prefix + key)
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}
