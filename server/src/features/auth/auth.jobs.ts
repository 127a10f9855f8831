import type { Deps } from '../../deps.js'
import type { Job } from '../../jobs/job-runner.js'
import { createAuthRepository } from './auth.repository.js'

const sweepIntervalMs = 60 * 60 * 1000

/** Drops revocations of tokens that have expired anyway (they would be refused regardless). */
export function authJobs(deps: Pick<Deps, 'database' | 'clock'>): Job[] {
  const repo = createAuthRepository(deps.database.db)
  return [
    {
      name: 'sweep-revoked-tokens',
      intervalMs: sweepIntervalMs,
      run: () => repo.sweepRevoked(deps.clock.now()),
    },
  ]
}
