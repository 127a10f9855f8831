import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { availableRedis, testRedisUrl } from '../../testing/services.js'
import { createRedisPresence } from './redis-presence.js'

const redisUp = await availableRedis()

describe.skipIf(!redisUp)('Redis presence keys', () => {
  const keyPrefix = `test-${randomUUID()}:`
  const presence = createRedisPresence({ url: testRedisUrl, keyPrefix })
  const redis = new Redis(testRedisUrl)
  afterAll(async () => {
    await presence.close()
    await redis.quit()
  })

  it("keeps a group as long as its longest-lived entry: a short touch never shortens the others' life", async () => {
    const group = `room:${randomUUID()}`
    const key = `${keyPrefix}presence:${group}`
    await presence.touch([group], 'host', 's1', 60_000)
    // A guest's socket closed: its seat is kept for a short grace only.
    await presence.touch([group], 'guest', 's2', 300)
    expect(await redis.pttl(key)).toBeGreaterThan(60_000)
    await presence.touch([group], 'host', 's1', 90_000)
    expect(await redis.pttl(key)).toBeGreaterThan(90_000)
  })
})
