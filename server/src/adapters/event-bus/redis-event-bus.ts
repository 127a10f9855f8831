import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { consoleEventBusLogger, type EventBus, type EventBusLogger, type EventHandler } from './event-bus.js'
import { dispatchEvent, dispatchLater, encodeEvent } from './event-dispatch.js'

export interface RedisEventBusOptions {
  url: string
  logger?: EventBusLogger
  /** Prepended to every topic to form the Redis channel, so deployments can share one Redis. */
  channelPrefix?: string
  /** Shown by CLIENT LIST as `<name>-pub` and `<name>-sub`. */
  connectionName?: string
  /** How long check() waits for PONG. */
  checkTimeoutMs?: number
}

interface Channel {
  handlers: Set<EventHandler>
  /** Settles when Redis confirmed the SUBSCRIBE; later subscribers to the topic wait for it too. */
  ready: Promise<unknown>
}

/**
 * Redis pub/sub: one connection publishes, one connection holds every subscription.
 * ioredis reconnects by itself and re-subscribes the subscriber's channels
 * (`autoResubscribe`); messages published while a connection is down are lost.
 *
 * This instance's own subscribers get its messages at once, in process, as the in-process bus
 * delivers them; the copy Redis echoes back carries the sender's id in front of the JSON
 * (`<sender> <json>`) and is dropped. That takes the Redis round trip off half the hops of a
 * room event. Each publisher's messages still arrive in order everywhere; messages of different
 * instances may interleave differently on each.
 */
export function createRedisEventBus(options: RedisEventBusOptions): EventBus {
  const logger = options.logger ?? consoleEventBusLogger
  const prefix = options.channelPrefix ?? 'ferry:'
  const name = options.connectionName ?? 'ferry-events'
  const checkTimeoutMs = options.checkTimeoutMs ?? 2000

  const publisher = watch(new Redis(options.url, { connectionName: `${name}-pub` }), 'publisher', logger)
  const resyncListeners = new Set<() => void>()
  const subscriber = watch(new Redis(options.url, { connectionName: `${name}-sub` }), 'subscriber', logger, () => {
    for (const listener of resyncListeners) listener()
  })
  const channels = new Map<string, Channel>()
  const sender = randomUUID()
  let closed = false

  subscriber.on('message', (channel: string, payload: string) => {
    const entry = channels.get(channel)
    if (!entry) return
    const topic = channel.slice(prefix.length)
    const space = payload.indexOf(' ')
    if (payload.slice(0, space) === sender) return // delivered here when it was published
    let message: unknown
    try {
      message = JSON.parse(payload.slice(space + 1))
    } catch (error) {
      logger.warn({ err: error, topic }, 'Ignored an event that is not JSON')
      return
    }
    dispatchEvent(topic, message, [...entry.handlers], logger)
  })

  const assertOpen = () => {
    if (closed) throw new Error('The event bus is closed')
  }

  return {
    kind: 'redis',

    async publish(topic, message) {
      assertOpen()
      const channel = prefix + topic
      const json = encodeEvent(message)
      dispatchLater(topic, json, channels.get(channel)?.handlers ?? [], logger)
      await publisher.publish(channel, `${sender} ${json}`)
    },

    async subscribe(topic, handler) {
      assertOpen()
      const channel = prefix + topic
      const subscription: EventHandler = (message) => handler(message)
      let entry = channels.get(channel)
      if (!entry) {
        const created: Channel = { handlers: new Set(), ready: subscriber.subscribe(channel) }
        created.ready.catch(() => {
          if (channels.get(channel) === created) channels.delete(channel)
        })
        channels.set(channel, created)
        entry = created
      }
      entry.handlers.add(subscription)
      try {
        await entry.ready
      } catch (error) {
        entry.handlers.delete(subscription)
        throw error
      }
      return async () => {
        const current = channels.get(channel)
        if (!current?.handlers.delete(subscription) || current.handlers.size > 0) return
        channels.delete(channel)
        // Commands on one connection run in order, so a later SUBSCRIBE to the topic wins.
        if (!closed) await subscriber.unsubscribe(channel)
      }
    },

    onResync(listener) {
      resyncListeners.add(listener)
      return () => resyncListeners.delete(listener)
    },

    async check() {
      assertOpen()
      for (const [role, connection] of [
        ['publisher', publisher],
        ['subscriber', subscriber],
      ] as const) {
        // 'connecting' (just created) is not a failure: the PING below waits for it.
        if (['reconnecting', 'close', 'end'].includes(connection.status)) {
          throw new Error(`Redis ${role} connection is ${connection.status}`)
        }
      }
      await withTimeout(Promise.all([publisher.ping(), subscriber.ping()]), checkTimeoutMs, 'Redis did not answer PING')
    },

    async close() {
      if (closed) return
      closed = true
      channels.clear()
      await Promise.all([quit(publisher), quit(subscriber)])
    },
  }
}

/**
 * Logs the first error of an outage and the recovery, not every reconnection attempt; calls
 * `onRestored` when the connection is ready again after having been ready before.
 */
function watch(connection: Redis, role: string, logger: EventBusLogger, onRestored?: () => void): Redis {
  let down = false
  let everReady = false
  connection.on('error', (error: Error) => {
    if (down) return
    down = true
    logger.warn({ err: error, role }, 'Redis event bus connection lost; reconnecting')
  })
  connection.on('ready', () => {
    if (everReady) {
      logger.info({ role }, 'Redis event bus connection restored')
      // ioredis re-subscribes before 'ready'; messages of the gap are gone.
      onRestored?.()
    }
    everReady = true
    down = false
  })
  return connection
}

/** QUIT waits behind queued commands; give up on a dead server instead of hanging shutdown. */
async function quit(connection: Redis): Promise<void> {
  if (connection.status === 'end') return
  if (connection.status !== 'ready') {
    connection.disconnect()
    return
  }
  try {
    await withTimeout(connection.quit(), 1000, 'QUIT timed out')
  } catch {
    connection.disconnect()
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
