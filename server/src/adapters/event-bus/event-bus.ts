/** Receives one message. A handler that throws (or rejects) is logged and does not affect other handlers. */
export type EventHandler = (message: unknown) => void | Promise<void>

/**
 * Fans real-time events out to every instance. Delivery is at-most-once and only to
 * subscribers connected at publish time; durable state lives in the database.
 * Messages travel as JSON in every implementation, so a handler sees what
 * `JSON.parse(JSON.stringify(message))` gives (a Date arrives as a string).
 */
export interface EventBus {
  readonly kind: 'in-process' | 'redis'
  /** Rejects with a TypeError when the message has no JSON form (undefined, a function, a BigInt). */
  publish(topic: string, message: unknown): Promise<void>
  /** Resolves once the subscription is active; returns a function that ends it. */
  subscribe(topic: string, handler: EventHandler): Promise<() => Promise<void>>
  /**
   * Calls `listener` whenever messages may have been lost (the bus reconnected after an outage),
   * so whoever mirrors state from events can resync. Returns a function that removes it.
   */
  onResync(listener: () => void): () => void
  /** Throws when the bus cannot deliver (readiness). */
  check(): Promise<void>
  close(): Promise<void>
}

/** The part of a pino (Fastify) logger the event buses use. */
export interface EventBusLogger {
  info(details: object, message: string): void
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

/** Used when no logger is given: a failing handler must not go unnoticed. */
export const consoleEventBusLogger: EventBusLogger = {
  info() {},
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
}
