import type { RateLimiter } from '../../adapters/rate-limiter/rate-limiter.js'
import type { Clock } from '../../clock.js'
import type { Config } from '../../config.js'
import { RetryLaterError, waitText } from '../../errors.js'
import type { UserRecord } from '../users/users.service.js'

const hourMs = 60 * 60 * 1000
const dayMs = 24 * hourMs

interface Logger {
  warn(obj: object, msg?: string): void
}

interface Counter {
  key: string
  limit: number
  windowMs: number
  /** How many this send adds (1 transfer, or one per recipient email). */
  adds: number
}

/**
 * Send throttles (security review M-2, product.md §4): transfers and recipient emails per account
 * and per client address, per hour and per day, in the shared rate limiter (Redis when
 * REDIS_URL is set, so every instance counts the same sends). Accounts younger than
 * SEND_NEW_ACCOUNT_HOURS get lower daily ceilings. The counts are read first, so a refused send
 * costs nothing; a send that fits is then counted. When the counter store fails, sending goes on
 * (logged): the plan's daily count in the database still holds.
 */
export function createSendThrottle(deps: {
  rateLimiter: RateLimiter
  clock: Clock
  config: Pick<Config, 'sendLimits'>
  logger: Logger
}) {
  const { rateLimiter: limiter, clock } = deps
  const { transfers, recipientEmails, newAccount } = deps.config.sendLimits

  function countersFor(
    sender: Pick<UserRecord, 'id' | 'createdAt'>,
    clientIp: string,
    recipients: number,
    sends: 0 | 1,
  ): Counter[] {
    const young = clock.now().getTime() - sender.createdAt.getTime() < newAccount.ms
    const transfersPerDay = young ? Math.min(transfers.perDay, newAccount.transfersPerDay) : transfers.perDay
    const emailsPerDay = young
      ? Math.min(recipientEmails.perDay, newAccount.recipientEmailsPerDay)
      : recipientEmails.perDay
    const counters: Counter[] = []
    for (const [who, dayTransfers, dayEmails] of [
      [`account:${sender.id}`, transfersPerDay, emailsPerDay],
      [`ip:${clientIp}`, transfers.perDay, recipientEmails.perDay],
    ] as const) {
      counters.push(
        { key: `send:transfers:${who}:hour`, limit: transfers.perHour, windowMs: hourMs, adds: sends },
        { key: `send:transfers:${who}:day`, limit: dayTransfers, windowMs: dayMs, adds: sends },
        { key: `send:emails:${who}:hour`, limit: recipientEmails.perHour, windowMs: hourMs, adds: recipients },
        { key: `send:emails:${who}:day`, limit: dayEmails, windowMs: dayMs, adds: recipients },
      )
    }
    return counters
  }

  const refuse = (waitSeconds: number): never => {
    const now = clock.now()
    const retryAt = new Date(now.getTime() + waitSeconds * 1000)
    throw new RetryLaterError(
      'send_rate_limited',
      429,
      retryAt,
      now,
      `You have reached the sending limit for now, which protects people from unwanted mail. You can send again in ${waitText(waitSeconds)} (at ${retryAt.toISOString().slice(11, 16)} UTC).`,
    )
  }

  return {
    /**
     * Counts one transfer to `recipients` addresses, or refuses it (429 with when to send again).
     * `sends: 0` counts only the emails: recipients added to a transfer already sent.
     */
    async take(
      sender: Pick<UserRecord, 'id' | 'createdAt'>,
      clientIp: string,
      recipients: number,
      sends: 0 | 1 = 1,
    ): Promise<void> {
      const counters = countersFor(sender, clientIp, recipients, sends).filter((c) => c.adds > 0)
      try {
        let wait = 0
        for (const counter of counters) {
          const { count, retryAfterSeconds } = await limiter.peek(counter.key)
          if (count + counter.adds > counter.limit) wait = Math.max(wait, retryAfterSeconds || 1)
        }
        if (wait) refuse(wait)
        for (const counter of counters) {
          for (let i = 0; i < counter.adds; i++) {
            const result = await limiter.hit(counter.key, counter.limit, counter.windowMs)
            // Another send took the last slot in between.
            if (!result.allowed) wait = Math.max(wait, result.retryAfterSeconds)
          }
        }
        if (wait) refuse(wait)
      } catch (error) {
        if (error instanceof RetryLaterError) throw error
        deps.logger.warn({ err: error }, 'Send throttle unavailable; transfer allowed')
      }
    },
  }
}

export type SendThrottle = ReturnType<typeof createSendThrottle>
