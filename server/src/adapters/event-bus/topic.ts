import type { EventBus } from './event-bus.js'

/** A topic name bound to the type of its messages, so publisher and subscribers agree. */
export interface Topic<T> {
  readonly name: string
  /** Never set: carries T for the type checker only. */
  readonly __message?: T
}

/** `const roomEvents = (id: string) => topic<RoomEvent>(\`room:${id}\`)` */
export function topic<T>(name: string): Topic<T> {
  return { name }
}

export function publishTo<T>(bus: EventBus, to: Topic<T>, message: T): Promise<void> {
  return bus.publish(to.name, message)
}

/** The handler receives the message as T; the bus does not validate it (only Ferry publishes). */
export function subscribeTo<T>(
  bus: EventBus,
  to: Topic<T>,
  handler: (message: T) => void | Promise<void>,
): Promise<() => Promise<void>> {
  return bus.subscribe(to.name, (message) => handler(message as T))
}
