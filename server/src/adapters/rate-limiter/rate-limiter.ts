/** The outcome of one counted attempt. */
export interface RateLimitResult {
  /** False once `limit` attempts were counted in the current window (this one included). */
  allowed: boolean
  /** Seconds until the window ends and attempts are allowed again; 0 when allowed. */
  retryAfterSeconds: number
}

/** What `peek` reads: the count so far and the seconds until its window ends (0 when none). */
export interface RateLimitCount {
  count: number
  retryAfterSeconds: number
}

/**
 * Counts attempts per key in fixed windows. Keys are the caller's (`login:ip:1.2.3.4`); every
 * instance sharing the backing store shares the counts.
 */
export interface RateLimiter {
  readonly kind: 'in-memory' | 'redis'
  /** Counts one attempt for `key`; the first attempt of a window starts a window of `windowMs`. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>
  /** The attempts counted for `key` in its current window (0 when none), without counting one. */
  peek(key: string): Promise<RateLimitCount>
  /** Forgets the count of `key` (failures, once a success shows they were the owner's typos). */
  reset(key: string): Promise<void>
  close(): Promise<void>
}

export function toResult(count: number, limit: number, remainingMs: number): RateLimitResult {
  const allowed = count <= limit
  return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(remainingMs / 1000)) }
}
