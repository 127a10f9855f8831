import { Redis } from 'ioredis'
import { type RateLimiter, toResult } from './rate-limiter.js'

export interface RedisRateLimiterOptions {
  url: string
  /** Prepended to every key, so deployments (and test runs) can share one Redis. */
  keyPrefix?: string
  connectionName?: string
}

// One round trip, atomic: count, start the window on the first hit, report the time left.
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`

// The count and the time left together, so the two cannot come from different windows.
const peekScript = `
return {redis.call('GET', KEYS[1]) or '0', redis.call('PTTL', KEYS[1])}
`

/** Counts in Redis, so every instance sharing it shares the counts. */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const prefix = `${options.keyPrefix ?? 'ferry:'}rate:`
  const redis = new Redis(options.url, {
    connectionName: options.connectionName ?? 'ferry-rate-limit',
    maxRetriesPerRequest: 2,
  })
  // ioredis logs unhandled 'error' events loudly; a failed hit() rejects on its own.
  redis.on('error', () => {})

  return {
    kind: 'redis',
    async hit(key, limit, windowMs) {
      const [count, ttl] = (await redis.eval(hitScript, 1, prefix + key, String(Math.ceil(windowMs)))) as [
        number,
        number,
      ]
      return toResult(count, limit, ttl)
    },
    async peek(key) {
      const [count, ttl] = (await redis.eval(peekScript, 1, prefix + key)) as [string, number]
      if (!Number(count) || ttl <= 0) return { count: 0, retryAfterSeconds: 0 }
      return { count: Number(count), retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) }
    },
    async reset(key) {
      await redis.del(prefix + key)
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}
