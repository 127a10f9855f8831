import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { availableRedis } from '../../testing/services.js'
import type { EventBus, EventBusLogger } from './event-bus.js'
import { createInProcessEventBus } from './in-process-event-bus.js'
import { createRedisEventBus } from './redis-event-bus.js'
import { publishTo, subscribeTo, topic } from './topic.js'

const redisUrl = await availableRedis()

function recordingLogger() {
  const errors: object[] = []
  const logger: EventBusLogger = { info() {}, warn() {}, error: (details) => errors.push(details) }
  return { logger, errors }
}

/** Subscribes and keeps every message received, in order. */
async function collect(bus: EventBus, name: string) {
  const received: unknown[] = []
  const unsubscribe = await bus.subscribe(name, (message) => {
    received.push(message)
  })
  return { received, unsubscribe }
}

const implementations = [
  { kind: 'in-process', skip: false, create: (logger?: EventBusLogger) => createInProcessEventBus({ logger }) },
  {
    kind: 'redis',
    skip: !redisUrl,
    create: (logger?: EventBusLogger) => createRedisEventBus({ url: redisUrl!, logger }),
  },
] as const

describe.each(implementations)('EventBus contract: $kind', ({ kind, skip, create }) => {
  const buses: EventBus[] = []
  // The Redis server is shared with other runs: every topic is unique to this test.
  const prefix = `test-${randomUUID()}:`
  const open = (logger?: EventBusLogger) => {
    const bus = create(logger)
    buses.push(bus)
    return bus
  }

  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()))
  })

  it.skipIf(skip)('reports its kind and passes check()', async () => {
    const bus = open()
    expect(bus.kind).toBe(kind)
    await expect(bus.check()).resolves.toBeUndefined()
  })

  it.skipIf(skip)('delivers a published message to a subscriber as its JSON copy', async () => {
    const bus = open()
    const { received } = await collect(bus, `${prefix}a`)
    await bus.publish(`${prefix}a`, { text: 'héllo ✓', n: 1, nested: [true, null], at: new Date(0) })
    await vi.waitFor(() => expect(received).toHaveLength(1))
    expect(received[0]).toEqual({ text: 'héllo ✓', n: 1, nested: [true, null], at: '1970-01-01T00:00:00.000Z' })
  })

  it.skipIf(skip)('keeps topics apart, delivers to every subscriber of a topic, in order', async () => {
    const bus = open()
    const first = await collect(bus, `${prefix}one`)
    const second = await collect(bus, `${prefix}one`)
    const other = await collect(bus, `${prefix}two`)
    for (let i = 0; i < 5; i++) await bus.publish(`${prefix}one`, i)
    await bus.publish(`${prefix}two`, 'two')
    await bus.publish(`${prefix}nobody`, 'lost')

    await vi.waitFor(() => expect(other.received).toEqual(['two']))
    await vi.waitFor(() => expect(first.received).toEqual([0, 1, 2, 3, 4]))
    await vi.waitFor(() => expect(second.received).toEqual([0, 1, 2, 3, 4]))
  })

  it.skipIf(skip)('stops delivering after unsubscribe, leaving other subscriptions running', async () => {
    const bus = open()
    const leaving = await collect(bus, `${prefix}t`)
    const staying = await collect(bus, `${prefix}t`)
    const marker = await collect(bus, `${prefix}marker`)
    await bus.publish(`${prefix}t`, 'before')
    await vi.waitFor(() => expect(leaving.received).toEqual(['before']))

    await leaving.unsubscribe()
    await bus.publish(`${prefix}t`, 'after')
    // Messages arrive in publish order, so once the marker is here "after" has been delivered.
    await bus.publish(`${prefix}marker`, 'done')
    await vi.waitFor(() => expect(marker.received).toEqual(['done']))
    expect(staying.received).toEqual(['before', 'after'])
    expect(leaving.received).toEqual(['before'])

    await staying.unsubscribe()
    await bus.publish(`${prefix}t`, 'nobody')
    await bus.publish(`${prefix}marker`, 'done again')
    await vi.waitFor(() => expect(marker.received).toHaveLength(2))
    expect(staying.received).toEqual(['before', 'after'])
  })

  it.skipIf(skip)('resubscribes to a topic after its last subscriber left', async () => {
    const bus = open()
    const first = await collect(bus, `${prefix}again`)
    await first.unsubscribe()
    const second = await collect(bus, `${prefix}again`)
    await bus.publish(`${prefix}again`, 'back')
    await vi.waitFor(() => expect(second.received).toEqual(['back']))
    expect(first.received).toEqual([])
  })

  it.skipIf(skip)('isolates handlers that throw or reject, and logs them', async () => {
    const { logger, errors } = recordingLogger()
    const bus = open(logger)
    await bus.subscribe(`${prefix}x`, () => {
      throw new Error('sync failure')
    })
    await bus.subscribe(`${prefix}x`, async () => {
      throw new Error('async failure')
    })
    const healthy = await collect(bus, `${prefix}x`)
    await bus.publish(`${prefix}x`, 1)
    await bus.publish(`${prefix}x`, 2)
    await vi.waitFor(() => expect(healthy.received).toEqual([1, 2]))
    await vi.waitFor(() => expect(errors).toHaveLength(4))
    expect(errors[0]).toMatchObject({ topic: `${prefix}x` })
  })

  it.skipIf(skip)('rejects a message without a JSON form', async () => {
    const bus = open()
    await expect(bus.publish(`${prefix}bad`, undefined)).rejects.toThrow(TypeError)
    await expect(bus.publish(`${prefix}bad`, 1n)).rejects.toThrow(TypeError)
  })

  it.skipIf(skip)('carries typed topics', async () => {
    const bus = open()
    const room = (id: string) => topic<{ type: 'joined'; peer: string }>(`${prefix}room:${id}`)
    const peers: string[] = []
    await subscribeTo(bus, room('r1'), (event) => {
      peers.push(event.peer)
    })
    await publishTo(bus, room('r1'), { type: 'joined', peer: 'p1' })
    await vi.waitFor(() => expect(peers).toEqual(['p1']))
  })

  it.skipIf(skip)('refuses work after close()', async () => {
    const bus = create()
    await bus.close()
    await bus.close()
    await expect(bus.publish(`${prefix}closed`, 1)).rejects.toThrow(/closed/)
    await expect(bus.subscribe(`${prefix}closed`, () => {})).rejects.toThrow(/closed/)
    await expect(bus.check()).rejects.toThrow(/closed/)
  })
})

describe.skipIf(!redisUrl)('Redis event bus across instances', () => {
  const prefix = `test-${randomUUID()}:`
  const cleanup: Array<() => Promise<unknown>> = []

  afterEach(async () => {
    await Promise.all(cleanup.splice(0).map((close) => close()))
  })

  const open = (connectionName?: string) => {
    const bus = createRedisEventBus({ url: redisUrl!, connectionName })
    cleanup.push(() => bus.close())
    return bus
  }

  it('lets two instances see each other’s messages', async () => {
    const a = open()
    const b = open()
    const atA = await collect(a, `${prefix}shared`)
    const atB = await collect(b, `${prefix}shared`)
    await a.publish(`${prefix}shared`, 'from a')
    await b.publish(`${prefix}shared`, 'from b')
    await vi.waitFor(() => expect(atA.received).toEqual(expect.arrayContaining(['from a', 'from b'])))
    await vi.waitFor(() => expect(atB.received).toEqual(expect.arrayContaining(['from a', 'from b'])))
    expect(atA.received).toHaveLength(2)
    expect(atB.received).toHaveLength(2)
  })

  it('delivers to its own subscribers at once, without waiting for Redis, and only once', async () => {
    const a = open()
    const b = open()
    const atA = await collect(a, `${prefix}local`)
    const atB = await collect(b, `${prefix}local`)
    const publishing = a.publish(`${prefix}local`, 'here')
    await null
    expect(atA.received).toEqual(['here'])
    await publishing
    await vi.waitFor(() => expect(atB.received).toEqual(['here']))
    await b.publish(`${prefix}local`, 'marker')
    await vi.waitFor(() => expect(atA.received).toEqual(['here', 'marker']))
  })

  it('keeps deployments with different channel prefixes apart', async () => {
    const a = createRedisEventBus({ url: redisUrl!, channelPrefix: `${prefix}deployment-a:` })
    const b = createRedisEventBus({ url: redisUrl!, channelPrefix: `${prefix}deployment-b:` })
    cleanup.push(
      () => a.close(),
      () => b.close(),
    )
    const atB = await collect(b, 'same-topic')
    const marker = await collect(b, 'marker')
    await a.publish('same-topic', 'for a only')
    await b.publish('marker', 'done')
    await vi.waitFor(() => expect(marker.received).toEqual(['done']))
    expect(atB.received).toEqual([])
  })

  it('reconnects and resubscribes after its connections are killed', async () => {
    const name = `ferry-test-${randomUUID()}`
    const publisherBus = open()
    const bus = open(name)
    let resyncs = 0
    bus.onResync(() => resyncs++)
    const { received } = await collect(bus, `${prefix}survives`)
    const admin = new Redis(redisUrl!)
    cleanup.push(() => admin.quit())

    const list = String(await admin.call('CLIENT', 'LIST'))
    const ids = list
      .split('\n')
      .filter((line) => line.includes(` name=${name}-`))
      .map((line) => /\bid=(\d+)/.exec(line)?.[1])
    expect(ids).toHaveLength(2)
    for (const id of ids) await admin.call('CLIENT', 'KILL', 'ID', id!)

    // Messages published during the outage are lost (at-most-once): publish until one arrives.
    await vi.waitFor(
      async () => {
        await publisherBus.publish(`${prefix}survives`, 'after reconnect')
        expect(received).toContain('after reconnect')
      },
      { timeout: 10_000, interval: 200 },
    )
    await bus.publish(`${prefix}survives`, 'own publisher works')
    await vi.waitFor(() => expect(received).toContain('own publisher works'))
    // Messages of the gap are lost, so subscribers were told to resync.
    expect(resyncs).toBe(1)
    await expect(bus.check()).resolves.toBeUndefined()
  })

  it('fails check() when Redis is unreachable', async () => {
    const { logger } = recordingLogger()
    const bus = createRedisEventBus({ url: 'redis://127.0.0.1:1', checkTimeoutMs: 200, logger })
    cleanup.push(() => bus.close())
    await expect(bus.check()).rejects.toThrow(/Redis/)
  })
})
