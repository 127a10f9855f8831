import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { availableRedis, testRedisUrl } from '../../testing/services.js'
import { createInMemoryPresence } from './in-memory-presence.js'
import type { Presence } from './presence.js'
import { createRedisPresence } from './redis-presence.js'

const redisUp = await availableRedis()
const opened: Presence[] = []
afterAll(() => Promise.all(opened.map((p) => p.close())))

const drivers = [
  { name: 'in-memory', skip: false, start: () => [createInMemoryPresence()] as const },
  {
    name: 'redis (two instances)',
    skip: !redisUp,
    start: () => {
      const keyPrefix = `test-${randomUUID()}:`
      return [
        createRedisPresence({ url: testRedisUrl, keyPrefix }),
        createRedisPresence({ url: testRedisUrl, keyPrefix }),
      ] as const
    },
  },
]

describe.each(drivers)('Presence contract: $name', ({ skip, start }) => {
  it.skipIf(skip)('counts live sockets per member, across instances, until removed or lapsed', async () => {
    const instances = start()
    opened.push(...instances)
    const [a, b = a] = instances
    const group = `room:${randomUUID()}`
    await a.touch([group, 'ip:1'], 'alice', 's1', 60_000)
    await b.touch([group], 'alice', 's2', 60_000)
    await b.touch([group], 'bob', 's3', 300)
    expect(await a.members(group)).toEqual(
      new Map([
        ['alice', 2],
        ['bob', 1],
      ]),
    )
    await b.remove([group], 'alice', 's2')
    await a.remove([group], 'alice', 'never-there')
    expect((await b.members(group)).get('alice')).toBe(1)
    // Bob's socket stopped touching (its instance died): it lapses.
    await vi.waitFor(async () => expect((await a.members(group)).has('bob')).toBe(false), { timeout: 3000 })
    await a.remove([group, 'ip:1'], 'alice', 's1')
    expect(await b.members(group)).toEqual(new Map())
  })
})
