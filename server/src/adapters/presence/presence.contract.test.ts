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

  it.skipIf(skip)('claims a place only under every cap, in one step, across instances', async () => {
    const instances = start()
    opened.push(...instances)
    const [a, b = a] = instances
    const room = `room-open:${randomUUID()}`
    const address = `address:${randomUUID()}`
    const caps = [
      { group: room, max: 2, of: 'member' },
      { group: address, max: 3, of: 'all' },
    ] as const
    // Six sockets of one member at once, half on each instance: two places, two claims.
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).claim(caps, [room, address], 'alice', `s${i}`, 60_000)),
    )
    expect(claims.filter((c) => c === -1)).toHaveLength(2)
    expect(claims.filter((c) => c === 0)).toHaveLength(4)
    expect((await a.members(room)).get('alice')).toBe(2)
    // Another member still has room in the room; the address cap (3 of anyone) is the next to fill.
    expect(await b.claim(caps, [room, address], 'bob', 'b1', 60_000)).toBe(-1)
    expect(await a.claim(caps, [room, address], 'bob', 'b2', 60_000)).toBe(1)
    expect(await b.members(address)).toEqual(
      new Map([
        ['alice', 2],
        ['bob', 1],
      ]),
    )
    // A removed socket frees its place.
    await a.remove([room, address], 'alice', `s${claims.indexOf(-1)}`)
    expect(await b.claim(caps, [room, address], 'alice', 's9', 60_000)).toBe(-1)
  })
})
