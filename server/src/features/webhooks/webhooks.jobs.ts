import type { Deps } from '../../deps.js'
import type { Job } from '../../jobs/job-runner.js'
import { createWebhooksRepository } from './webhooks.repository.js'

/** How long a settled delivery (and its tries) stays in the log. */
export const deliveryRetentionMs = 30 * 24 * 3600_000

/** Forgets deliveries settled (delivered or failed) more than 30 days after their event; pending ones stay. */
export function webhooksJobs(deps: Pick<Deps, 'database' | 'clock'>): Job[] {
  const repo = createWebhooksRepository(deps.database.db)
  return [
    {
      name: 'sweep-webhook-deliveries',
      intervalMs: 60 * 60 * 1000,
      run: () => repo.deleteSettledBefore(new Date(deps.clock.now().getTime() - deliveryRetentionMs)),
    },
  ]
}
