import type { RateLimiter } from '../../../adapters/rate-limiter/rate-limiter.js'
import type { Clock } from '../../../clock.js'
import type { Config } from '../../../config.js'
import { AppError, RateLimitedError, RetryLaterError } from '../../../errors.js'

/** Hours between two "your transfer is being guessed" emails to its owner. */
export const guessingAlertHours = 24

/**
 * Wrong passwords on a transfer, limited before any password is hashed, with the sign-in limits
 * (AUTH_RATE_LIMIT_*), in the shared rate limiter (Redis in a cluster), so every instance counts
 * the same tries:
 * - every unlock attempt counts against the client address (`perIp`, over all transfers);
 * - after `perAccount` wrong tries on one transfer from one address, that address is refused for
 *   the window;
 * - after `perAccount` wrong tries on one transfer from anywhere, each further try needs a free
 *   slot that opens after a delay doubling from 1 s up to `maxDelayMs`: guessing from many
 *   addresses slows to a crawl, while the recipient with the right password waits at most
 *   `maxDelayMs`, never the whole window.
 * A right password forgets that address's wrong tries on the transfer. Unlike sign-in, a counter
 * store that fails refuses the try (503): a transfer password is weaker than an account's, and
 * an outage must not open it to unlimited guessing.
 */
export function createUnlockLimit(deps: {
  rateLimiter: RateLimiter
  config: Pick<Config, 'authRateLimit'>
  clock: Clock
}) {
  const limiter = deps.rateLimiter
  /** 429 rate_limited with Retry-After, and when in the body (retry_after_seconds, retry_at) for the page's message. */
  const tooMany = (seconds: number) => {
    const now = deps.clock.now()
    const wait = new RateLimitedError(seconds)
    return new RetryLaterError(
      'rate_limited',
      429,
      new Date(now.getTime() + Math.max(1, seconds) * 1000),
      now,
      wait.detail,
    )
  }
  const { perIp, perAccount, windowMs, maxDelayMs } = deps.config.authRateLimit
  const keys = (transferId: string, clientIp: string) => ({
    ip: `share-unlock:ip:${clientIp}`,
    pair: `share-unlock:fail:pair:${transferId}:${clientIp}`,
    transfer: `share-unlock:fail:transfer:${transferId}`,
    slot: `share-unlock:slot:${transferId}`,
    alert: `share-unlock:alert:${transferId}`,
  })

  /** Runs a counter operation; a store failure refuses (503) rather than letting guesses through. */
  async function counting<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation()
    } catch (error) {
      if (error instanceof AppError) throw error
      throw new AppError('service_unavailable', 503)
    }
  }

  return {
    /** Before the password is checked: throws RateLimitedError (429, Retry-After) when over a limit. */
    admit: (transferId: string, clientIp: string): Promise<void> =>
      counting(async () => {
        const k = keys(transferId, clientIp)
        const byIp = await limiter.hit(k.ip, perIp, windowMs)
        if (!byIp.allowed) throw tooMany(byIp.retryAfterSeconds)
        const fromHere = await limiter.peek(k.pair)
        if (fromHere.count >= perAccount) throw tooMany(fromHere.retryAfterSeconds)
        const failures = (await limiter.peek(k.transfer)).count
        if (failures >= perAccount) {
          const delayMs = Math.min(maxDelayMs, 1000 * 2 ** (failures - perAccount))
          const slot = await limiter.hit(k.slot, 1, delayMs)
          if (!slot.allowed) throw tooMany(slot.retryAfterSeconds)
        }
      }),

    /**
     * Counts a wrong password. True exactly once per `guessingAlertHours` per transfer, when its
     * wrong tries reach the limit: the caller then tells the owner.
     */
    failed: (transferId: string, clientIp: string): Promise<boolean> =>
      counting(async () => {
        const k = keys(transferId, clientIp)
        await limiter.hit(k.pair, Number.MAX_SAFE_INTEGER, windowMs)
        await limiter.hit(k.transfer, Number.MAX_SAFE_INTEGER, windowMs)
        if ((await limiter.peek(k.transfer)).count < perAccount) return false
        return (await limiter.hit(k.alert, 1, guessingAlertHours * 3600_000)).allowed
      }),

    succeeded: (transferId: string, clientIp: string): Promise<void> =>
      counting(() => limiter.reset(keys(transferId, clientIp).pair)),
  }
}

export type UnlockLimit = ReturnType<typeof createUnlockLimit>
