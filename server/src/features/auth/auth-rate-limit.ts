import type { RateLimiter } from '../../adapters/rate-limiter/rate-limiter.js'
import type { Config } from '../../config.js'
import { AppError } from '../../errors.js'

/** A 429 that says how long to wait; the route sends `retryAfterSeconds` as Retry-After. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
    super(
      'rate_limited',
      429,
      `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    )
  }
}

export type AuthAction = 'login' | 'register'

interface Logger {
  warn(obj: object, msg?: string): void
}

/**
 * Login and register attempts, counted per client address and per account (email). Limits come
 * from config (AUTH_RATE_LIMIT_*). When the counter store fails, attempts are let through: a
 * Redis outage should not lock everybody out.
 */
export function createAuthRateLimit(deps: {
  rateLimiter: RateLimiter
  config: Pick<Config, 'authRateLimit'>
  logger: Logger
}) {
  const { perIp, perAccount, windowMs } = deps.config.authRateLimit
  return {
    /** Counts the attempt; throws RateLimitedError when the address or the account is over its limit. */
    async enforce(action: AuthAction, clientIp: string, email: string): Promise<void> {
      try {
        const byIp = await deps.rateLimiter.hit(`${action}:ip:${clientIp}`, perIp, windowMs)
        if (!byIp.allowed) throw new RateLimitedError(byIp.retryAfterSeconds)
        const byAccount = await deps.rateLimiter.hit(`${action}:account:${email}`, perAccount, windowMs)
        if (!byAccount.allowed) throw new RateLimitedError(byAccount.retryAfterSeconds)
      } catch (error) {
        if (error instanceof RateLimitedError) throw error
        deps.logger.warn({ err: error, action }, 'Rate limiter unavailable; attempt allowed')
      }
    },
  }
}
