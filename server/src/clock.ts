/** The time source of every rule that depends on "now"; tests substitute a controllable one. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }
