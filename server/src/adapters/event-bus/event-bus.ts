/**
 * Fans real-time events out to every instance. Delivery is at-most-once and only to
 * subscribers connected at publish time; durable state lives in the database.
 */
export interface EventBus {
  readonly kind: 'in-process' | 'redis'
  publish(topic: string, message: unknown): Promise<void>
  /** Resolves once the subscription is active; returns a function that ends it. */
  subscribe(topic: string, handler: (message: unknown) => void): Promise<() => Promise<void>>
  check(): Promise<void>
  close(): Promise<void>
}
