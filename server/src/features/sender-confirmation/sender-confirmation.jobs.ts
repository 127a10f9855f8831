import type { Deps } from '../../deps.js'
import type { Job } from '../../jobs/job-runner.js'
import { createSenderConfirmationRepository } from './sender-confirmation.repository.js'

/** Forgets confirmed browsers and sessions whose time ended, and sender codes older than a day. */
export function senderConfirmationJobs(deps: Pick<Deps, 'database' | 'clock'>): Job[] {
  const repo = createSenderConfirmationRepository(deps.database.db)
  return [
    {
      name: 'sweep-sender-confirmations',
      intervalMs: 60 * 60 * 1000,
      run: () => repo.deleteEnded(deps.clock.now()),
    },
  ]
}
