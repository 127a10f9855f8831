import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import type { RateLimiter } from '../adapters/rate-limiter/rate-limiter.js'
import type { Clock } from '../clock.js'
import type { Db } from '../db/database.js'
import { RateLimitedError, RetryLaterError } from '../errors.js'
import { cachedSecret } from './secrets.js'

/** Digits of an emailed one-time code. */
export const oneTimeCodeLength = 6
/** Minutes an emailed code works. */
export const oneTimeCodeLifetimeMinutes = 10
/** Seconds between two code emails to one address. */
export const oneTimeCodeResendSeconds = 60
/** Codes one address may be sent per hour. */
export const oneTimeCodesPerHour = 3
/** Wrong tries one code survives. */
export const oneTimeCodeMaxTries = 5

/** A code just made: the digits to email, and what is stored (the row id, the HMAC, the expiry). */
export interface NewOneTimeCode {
  id: string
  code: string
  codeHmac: string
  expiresAt: Date
}

/**
 * The rules shared by every 6-digit code Ferry emails (issue 18 items 3 and 7: verified senders,
 * verified recipients): 10 minutes, stored only as an HMAC keyed with a secret kept in the
 * database and the code's row id, at most one email a minute and three an hour per address, and
 * five tries per code, counted in the shared rate limiter (Redis in a cluster) before any code is
 * compared. Each feature keeps its own rows and says what an address and a try key are.
 */
export function createOneTimeCodes(
  deps: { db: Db; rateLimiter: RateLimiter; clock: Clock },
  options: {
    /** The name of the HMAC secret (loadOrCreateSecret). */
    secretName: string
    /** Prefix of the per-address send counters. */
    scope: string
    /** The 429 codes when a code went out less than a minute ago, and after three this hour. */
    tooSoonCode: string
    hourlyLimitCode: string
  },
) {
  const { rateLimiter, clock } = deps
  const getSecret = cachedSecret(deps.db, options.secretName)
  const hmac = async (id: string, code: string) =>
    createHmac('sha256', await getSecret())
      .update(`${id}:${code}`)
      .digest('hex')

  return {
    /**
     * Before a code is emailed to `address`: throws RetryLaterError (429, Retry-After) when one
     * went out less than a minute ago, or three this hour.
     */
    async admitSend(address: string): Promise<void> {
      const now = clock.now()
      const retryAt = (seconds: number) => new Date(now.getTime() + seconds * 1000)
      const minute = await rateLimiter.hit(`${options.scope}:minute:${address}`, 1, oneTimeCodeResendSeconds * 1000)
      if (!minute.allowed) throw new RetryLaterError(options.tooSoonCode, 429, retryAt(minute.retryAfterSeconds), now)
      const hour = await rateLimiter.hit(`${options.scope}:hour:${address}`, oneTimeCodesPerHour, 3600_000)
      if (!hour.allowed) throw new RetryLaterError(options.hourlyLimitCode, 429, retryAt(hour.retryAfterSeconds), now)
    },

    /** A new random code with its row id and HMAC; its tries (`triesKey`) start again from none. */
    async create(triesKey: string): Promise<NewOneTimeCode> {
      const code = String(randomInt(0, 10 ** oneTimeCodeLength)).padStart(oneTimeCodeLength, '0')
      const id = randomUUID()
      const expiresAt = new Date(clock.now().getTime() + oneTimeCodeLifetimeMinutes * 60_000)
      await rateLimiter.reset(triesKey)
      return { id, code, codeHmac: await hmac(id, code), expiresAt }
    },

    /** Counts a try before any compare: throws RateLimitedError (429) past five per code's lifetime. */
    async admitTry(triesKey: string): Promise<void> {
      const tries = await rateLimiter.hit(triesKey, oneTimeCodeMaxTries, oneTimeCodeLifetimeMinutes * 60_000)
      if (!tries.allowed) throw new RateLimitedError(tries.retryAfterSeconds)
    },

    /** Whether a stored code row is still usable: unexpired, and with tries left. */
    isOpen(row: { expiresAt: Date; attempts: number }): boolean {
      return row.expiresAt.getTime() > clock.now().getTime() && row.attempts < oneTimeCodeMaxTries
    },

    /** Whether `code` is the one stored as `row.codeHmac`, compared in constant time. */
    async matches(row: { id: string; codeHmac: string }, code: string): Promise<boolean> {
      const given = await hmac(row.id, code)
      return given.length === row.codeHmac.length && timingSafeEqual(Buffer.from(given), Buffer.from(row.codeHmac))
    },

    /** After a right code: the tries count from none again. */
    forgetTries: (triesKey: string): Promise<void> => rateLimiter.reset(triesKey),
  }
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>
