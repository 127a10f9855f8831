/** Moving-average speed over real byte counts (never estimated from elapsed time alone). */
export interface RateMeter {
  /** Records the running total of bytes sent at `at` (ms); the total only ever grows. */
  record(at: number, totalBytes: number): void
  /** Bytes per second over the window, or null until `minSpanMs` of samples exist. */
  bytesPerSecond(): number | null
  /** Forgets the samples (paused, or the transfer is over). */
  reset(): void
}

export interface RateMeterOptions {
  /** How far back the average looks. */
  windowMs?: number
  /** The shortest span that gives a figure; shorter ones swing too much to show. */
  minSpanMs?: number
}

interface Sample {
  at: number
  bytes: number
}

export function createRateMeter({ windowMs = 5000, minSpanMs = 1000 }: RateMeterOptions = {}): RateMeter {
  let samples: Sample[] = []
  return {
    record(at, totalBytes) {
      const last = samples.at(-1)
      if (last && (at < last.at || totalBytes < last.bytes)) samples = []
      samples.push({ at, bytes: totalBytes })
      // Keep one sample at or before the window's start, so the average spans the whole window.
      const start = at - windowMs
      while (samples.length > 2 && (samples[1]?.at ?? at) <= start) samples.shift()
    },
    bytesPerSecond() {
      const first = samples[0]
      const last = samples.at(-1)
      if (!first || !last) return null
      const span = last.at - first.at
      if (span < minSpanMs) return null
      return ((last.bytes - first.bytes) * 1000) / span
    },
    reset() {
      samples = []
    },
  }
}

/** Whole seconds until `remainingBytes` are sent at `bytesPerSecond`, or null when it cannot be told. */
export function secondsLeft(remainingBytes: number, bytesPerSecond: number | null): number | null {
  if (bytesPerSecond === null || !(bytesPerSecond > 0)) return null
  return Math.max(0, Math.ceil(Math.max(0, remainingBytes) / bytesPerSecond))
}

export interface DurationParts {
  hours: number
  minutes: number
  seconds: number
}

/** Splits a duration for display ('1 h 5 min', '3 min 20 s', '12 s'). */
export function durationParts(totalSeconds: number): DurationParts {
  const whole = Math.max(0, Math.round(totalSeconds))
  return { hours: Math.floor(whole / 3600), minutes: Math.floor((whole % 3600) / 60), seconds: whole % 60 }
}
