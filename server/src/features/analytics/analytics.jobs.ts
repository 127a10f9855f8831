import type { Deps } from '../../deps.js'
import type { Job } from '../../jobs/job-runner.js'
import type { AnalyticsService } from './analytics.service.js'

/** How long the event log keeps a client's network prefix and keyed address hash. */
export const addressRetentionMs = 30 * 24 * 3600_000

/**
 * Hourly: events older than 30 days lose what they kept of the client's address (issue 21), and
 * the days that ended are rolled up (decision 0031).
 */
export function analyticsJobs(
  deps: Pick<Deps, 'clock'>,
  analytics: Pick<AnalyticsService, 'forgetAddressesBefore' | 'rollUpEvents'>,
): Job[] {
  return [
    {
      name: 'forget-event-addresses',
      intervalMs: 60 * 60 * 1000,
      run: () => analytics.forgetAddressesBefore(new Date(deps.clock.now().getTime() - addressRetentionMs)),
    },
    // Hourly: the UTC days that ended (15 minutes ago or more) are rolled up for the account panel.
    { name: 'roll-up-events', intervalMs: 60 * 60 * 1000, run: () => analytics.rollUpEvents() },
  ]
}
