import type { Deps } from '../../deps.js'
import { createPromotionsRepository } from './promotions.repository.js'

/** The UTC day of `date`, as the counters key it: 2026-12-04. */
export const utcDay = (date: Date) => date.toISOString().slice(0, 10)

/**
 * How often one client address adds to one campaign's counter per hour. Beyond it the slot and
 * the redirect still work but count nothing, so reloading a page in a loop cannot inflate the
 * figures trivially. (Bots and prefetching are out of scope: issue 22.)
 */
export const countingLimits = { impressions: 30, clicks: 10, windowMs: 60 * 60 * 1000 } as const

/**
 * Counts impressions and clicks per campaign per UTC day (an upsert on one row a day). The
 * address only keys the shared limiter's short-lived counter (Redis or memory); it is never
 * stored with the counts.
 */
export function promotionCounting(deps: Pick<Deps, 'database' | 'rateLimiter' | 'logger'>) {
  const repo = createPromotionsRepository(deps.database.db)

  async function allowed(key: string, limit: number): Promise<boolean> {
    try {
      return (await deps.rateLimiter.hit(key, limit, countingLimits.windowMs)).allowed
    } catch (err) {
      // A limiter outage must not hide the promotion or lose the click: count it.
      deps.logger.warn({ err }, 'Rate limiter unavailable; promotion counted without a limit')
      return true
    }
  }

  return {
    async count(campaignId: string, counter: 'impressions' | 'clicks', clientIp: string, now: Date): Promise<void> {
      if (!(await allowed(`promotion-${counter}:${campaignId}:ip:${clientIp}`, countingLimits[counter]))) return
      await repo.increment(campaignId, utcDay(now), counter)
    },
  }
}
