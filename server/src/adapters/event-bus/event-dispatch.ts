import type { EventBusLogger, EventHandler } from './event-bus.js'

/** The JSON form of a message, the same for every bus. */
export function encodeEvent(message: unknown): string {
  const json = JSON.stringify(message)
  if (json === undefined) throw new TypeError('An event message must have a JSON form')
  return json
}

/**
 * Delivers a JSON copy of a message to `handlers` (the subscribers at publish time) on a
 * microtask, as a network bus would: after the publisher's synchronous code, in publish order.
 */
export function dispatchLater(topic: string, json: string, handlers: Iterable<EventHandler>, logger: EventBusLogger) {
  const snapshot = [...handlers]
  if (snapshot.length) queueMicrotask(() => dispatchEvent(topic, JSON.parse(json), snapshot, logger))
}

/** Calls every handler with the message; one handler failing never stops the others. */
export function dispatchEvent(
  topic: string,
  message: unknown,
  handlers: Iterable<EventHandler>,
  logger: EventBusLogger,
): void {
  const report = (error: unknown) => logger.error({ err: error, topic }, 'An event handler failed')
  for (const handler of handlers) {
    try {
      const result = handler(message)
      if (result instanceof Promise) result.catch(report)
    } catch (error) {
      report(error)
    }
  }
}
