import { consoleEventBusLogger, type EventBus, type EventBusLogger, type EventHandler } from './event-bus.js'
import { dispatchLater, encodeEvent } from './event-dispatch.js'

/** A bus for a single instance. It behaves like the Redis bus: JSON copies, asynchronous delivery. */
export function createInProcessEventBus(options: { logger?: EventBusLogger } = {}): EventBus {
  const logger = options.logger ?? consoleEventBusLogger
  const topics = new Map<string, Set<EventHandler>>()
  let closed = false

  const assertOpen = () => {
    if (closed) throw new Error('The event bus is closed')
  }

  return {
    kind: 'in-process',

    async publish(topic, message) {
      assertOpen()
      dispatchLater(topic, encodeEvent(message), topics.get(topic) ?? [], logger)
    },

    async subscribe(topic, handler) {
      assertOpen()
      // A wrapper gives each subscription its own identity, even for the same handler twice.
      const subscription: EventHandler = (message) => handler(message)
      let handlers = topics.get(topic)
      if (!handlers) {
        handlers = new Set()
        topics.set(topic, handlers)
      }
      handlers.add(subscription)
      return async () => {
        const current = topics.get(topic)
        if (!current) return
        current.delete(subscription)
        if (current.size === 0) topics.delete(topic)
      }
    },

    // Nothing is ever lost in process: there is no outage to resync after.
    onResync: () => () => {},

    async check() {
      assertOpen()
    },

    async close() {
      closed = true
      topics.clear()
    },
  }
}
