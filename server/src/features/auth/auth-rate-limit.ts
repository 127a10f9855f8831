import type { RateLimiter } from '../../adapters/rate-limiter/rate-limiter.js'
import type { Config } from '../../config.js'
import { AppError, RateLimitedError } from '../../errors.js'

export type AuthAction = 'login' | 'register'

interface Logger {
  warn(obj: object, msg?: string): void
}

/** Login answers that count as a failed attempt against the account. */
const countsAsFailure = new Set([
  'invalid_credentials',
  'second_factor_invalid',
  'passkey_invalid',
  'passkey_unknown',
  'passkey_challenge_invalid',
])

/** The progressive delay once an account has `over` more failures than its threshold: 1 s, 2 s, 4 s… */
export const loginDelayMs = (over: number, maxDelayMs: number) => Math.min(maxDelayMs, 1000 * 2 ** Math.max(0, over))

/**
 * Login and register attempts, limited before any password is checked (AUTH_RATE_LIMIT_*).
 * When the counter store fails, attempts are let through: a Redis outage should not lock
 * everybody out.
 */
export function createAuthRateLimit(deps: {
  rateLimiter: RateLimiter
  config: Pick<Config, 'authRateLimit'>
  logger: Logger
}) {
  const { rateLimiter: limiter } = deps
  const { perIp, perAccount, windowMs, maxDelayMs } = deps.config.authRateLimit

  /** Runs a counter operation; a store failure is logged and lets the attempt through. */
  async function counting<T>(action: AuthAction, operation: () => Promise<T>): Promise<T | undefined> {
    try {
      return await operation()
    } catch (error) {
      if (error instanceof RateLimitedError) throw error
      deps.logger.warn({ err: error, action }, 'Rate limiter unavailable; attempt allowed')
      return undefined
    }
  }

  const byIp = async (action: AuthAction, clientIp: string) => {
    const result = await limiter.hit(`${action}:ip:${clientIp}`, perIp, windowMs)
    if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds)
  }

  const failureKeys = (clientIp: string, email: string) => ({
    account: `login:fail:account:${email}`,
    pair: `login:fail:pair:${email}:${clientIp}`,
  })

  return {
    /** Register: every attempt counts, per client address and per email. */
    async enforce(action: AuthAction, clientIp: string, email: string): Promise<void> {
      await counting(action, async () => {
        await byIp(action, clientIp)
        const byAccount = await limiter.hit(`${action}:account:${email}`, perAccount, windowMs)
        if (!byAccount.allowed) throw new RateLimitedError(byAccount.retryAfterSeconds)
      })
    },

    /**
     * Login (security review M-1). Every attempt counts against the client address. Only failed
     * attempts count against the account, and a success forgets them, so the owner's own logins
     * never lock the owner out. After `perAccount` failures from one address, that address is
     * refused for the window; after `perAccount` failures from anywhere, each further attempt on
     * the account needs a free slot that opens after a delay doubling from 1 s up to
     * `maxDelayMs`. Guessing slows to a crawl, and the owner's right password waits at most
     * `maxDelayMs`, never the whole window.
     */
    async login<T>(clientIp: string, email: string, attempt: () => Promise<T>): Promise<T> {
      const keys = failureKeys(clientIp, email)
      await counting('login', async () => {
        await byIp('login', clientIp)
        const fromHere = await limiter.peek(keys.pair)
        if (fromHere.count >= perAccount) throw new RateLimitedError(fromHere.retryAfterSeconds)
        const failures = (await limiter.peek(keys.account)).count
        if (failures >= perAccount) {
          const delayMs = loginDelayMs(failures - perAccount, maxDelayMs)
          const slot = await limiter.hit(`login:slot:${email}`, 1, delayMs)
          if (!slot.allowed) throw new RateLimitedError(slot.retryAfterSeconds)
        }
      })
      let result: T
      try {
        result = await attempt()
      } catch (error) {
        // A wrong second-factor code counts like a wrong password (issue 23 item 2).
        if (error instanceof AppError && countsAsFailure.has(error.code)) {
          await counting('login', async () => {
            await limiter.hit(keys.pair, Number.MAX_SAFE_INTEGER, windowMs)
            await limiter.hit(keys.account, Number.MAX_SAFE_INTEGER, windowMs)
          })
        }
        throw error
      }
      await counting('login', () => Promise.all([limiter.reset(keys.pair), limiter.reset(keys.account)]))
      return result
    },
  }
}

export type AuthRateLimit = ReturnType<typeof createAuthRateLimit>
