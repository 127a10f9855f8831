import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { availableRedis } from '../../testing/services.js'
import { createTestClock } from '../../testing/test-clock.js'
import { createInMemoryRateLimiter } from './in-memory-rate-limiter.js'
import type { RateLimiter } from './rate-limiter.js'
import { createRedisRateLimiter } from './redis-rate-limiter.js'

const redisUrl = await availableRedis()
// The Redis server is shared with other runs: every key of this file is unique to it.
const keyPrefix = `test-${randomUUID()}:`

const clock = createTestClock()
const implementations = [
  { kind: 'in-memory', skip: false, create: () => createInMemoryRateLimiter({ clock }) },
  { kind: 'redis', skip: !redisUrl, create: () => createRedisRateLimiter({ url: redisUrl!, keyPrefix, clock }) },
] as const

describe.each(implementations)('RateLimiter contract: $kind', ({ kind, skip, create }) => {
  const limiters: RateLimiter[] = []
  const open = () => {
    const limiter = create()
    limiters.push(limiter)
    return limiter
  }
  afterEach(async () => {
    await Promise.all(limiters.splice(0).map((l) => l.close()))
  })

  it.skipIf(skip)('reports its kind', () => {
    expect(open().kind).toBe(kind)
  })

  it.skipIf(skip)('allows `limit` hits in a window, then refuses with the time left', async () => {
    const limiter = open()
    const key = `a-${randomUUID()}`
    for (let i = 0; i < 3; i++) {
      expect(await limiter.hit(key, 3, 60_000)).toEqual({ allowed: true, retryAfterSeconds: 0 })
    }
    const refused = await limiter.hit(key, 3, 60_000)
    expect(refused.allowed).toBe(false)
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59)
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60)
  })

  it.skipIf(skip)('counts keys separately', async () => {
    const limiter = open()
    const a = `a-${randomUUID()}`
    const b = `b-${randomUUID()}`
    expect((await limiter.hit(a, 1, 60_000)).allowed).toBe(true)
    expect((await limiter.hit(a, 1, 60_000)).allowed).toBe(false)
    expect((await limiter.hit(b, 1, 60_000)).allowed).toBe(true)
  })

  it.skipIf(skip)('starts a new window once the old one ends', async () => {
    const limiter = open()
    const key = `w-${randomUUID()}`
    expect((await limiter.hit(key, 1, 60_000)).allowed).toBe(true)
    clock.advance(50_000)
    const late = await limiter.hit(key, 1, 60_000)
    expect(late.allowed).toBe(false)
    // 10 s left, less the real time the test took (the test clock runs on between advances).
    expect(late.retryAfterSeconds).toBeLessThanOrEqual(10)
    clock.advance(10_000)
    expect(await limiter.hit(key, 1, 60_000)).toEqual({ allowed: true, retryAfterSeconds: 0 })
    expect((await limiter.hit(key, 1, 60_000)).allowed).toBe(false)
  })

  it.skipIf(skip)('peeks at the count and the time left without counting', async () => {
    const limiter = open()
    const key = `p-${randomUUID()}`
    expect(await limiter.peek(key)).toEqual({ count: 0, retryAfterSeconds: 0 })
    await limiter.hit(key, 5, 60_000)
    await limiter.hit(key, 5, 60_000)
    const peeked = await limiter.peek(key)
    expect(peeked.count).toBe(2)
    expect(peeked.retryAfterSeconds).toBeGreaterThanOrEqual(59)
    expect(peeked.retryAfterSeconds).toBeLessThanOrEqual(60)
    expect((await limiter.peek(key)).count).toBe(2)
    clock.advance(60_000)
    expect(await limiter.peek(key)).toEqual({ count: 0, retryAfterSeconds: 0 })
  })

  it.skipIf(skip)('forgets a key on reset, and a new window starts', async () => {
    const limiter = open()
    const key = `r-${randomUUID()}`
    await limiter.hit(key, 1, 60_000)
    expect((await limiter.hit(key, 1, 60_000)).allowed).toBe(false)
    await limiter.reset(key)
    expect(await limiter.peek(key)).toEqual({ count: 0, retryAfterSeconds: 0 })
    expect((await limiter.hit(key, 1, 60_000)).allowed).toBe(true)
    await limiter.reset(`never-${randomUUID()}`)
  })

  it.skipIf(skip)('lets exactly `limit` of many simultaneous hits through', async () => {
    const limiter = open()
    const key = `c-${randomUUID()}`
    const results = await Promise.all(Array.from({ length: 40 }, () => limiter.hit(key, 7, 60_000)))
    expect(results.filter((r) => r.allowed)).toHaveLength(7)
  })
})

describe.skipIf(!redisUrl)('RateLimiter: redis', () => {
  it('shares the count between two limiters on the same Redis and prefix', async () => {
    const one = createRedisRateLimiter({ url: redisUrl!, keyPrefix })
    const two = createRedisRateLimiter({ url: redisUrl!, keyPrefix })
    const other = createRedisRateLimiter({ url: redisUrl!, keyPrefix: `${keyPrefix}other:` })
    try {
      const key = `s-${randomUUID()}`
      expect((await one.hit(key, 2, 60_000)).allowed).toBe(true)
      expect((await two.hit(key, 2, 60_000)).allowed).toBe(true)
      expect((await one.hit(key, 2, 60_000)).allowed).toBe(false)
      expect((await two.hit(key, 2, 60_000)).allowed).toBe(false)
      expect((await other.hit(key, 2, 60_000)).allowed).toBe(true)
    } finally {
      await Promise.all([one.close(), two.close(), other.close()])
    }
  })
})
