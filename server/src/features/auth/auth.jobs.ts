import type { Deps } from '../../deps.js'
import type { Job } from '../../jobs/job-runner.js'
import { createAuthRepository } from './auth.repository.js'
import { createPasskeysRepository } from './passkeys/passkeys.repository.js'
import { createPasswordResetRepository } from './password-reset.repository.js'
import { createSessionsRepository } from './sessions/sessions.repository.js'
import { createSsoRepository } from './sso/sso.repository.js'
import { createTwoFactorRepository } from './two-factor/two-factor.repository.js'

const sweepIntervalMs = 60 * 60 * 1000

/**
 * Drops revocations of tokens that have expired anyway, one-time account links that expired
 * unused, remembered browsers past their 30 days, passkey challenges never answered, and sessions
 * whose token expired, and single sign-on flows never finished.
 */
export function authJobs(deps: Pick<Deps, 'database' | 'clock'>): Job[] {
  const repo = createAuthRepository(deps.database.db)
  const resets = createPasswordResetRepository(deps.database.db)
  const twoFactor = createTwoFactorRepository(deps.database.db)
  const passkeys = createPasskeysRepository(deps.database.db)
  const sessions = createSessionsRepository(deps.database.db)
  const ssoFlows = createSsoRepository(deps.database.db)
  return [
    {
      name: 'sweep-revoked-tokens',
      intervalMs: sweepIntervalMs,
      run: () => repo.sweepRevoked(deps.clock.now()),
    },
    {
      // Password-reset and email-change links that expired unused (product.md §23).
      name: 'sweep-account-tokens',
      intervalMs: sweepIntervalMs,
      run: () => resets.sweepExpired(deps.clock.now()),
    },
    {
      name: 'sweep-remembered-devices',
      intervalMs: sweepIntervalMs,
      run: () => twoFactor.sweepExpiredDevices(deps.clock.now()),
    },
    {
      name: 'sweep-webauthn-challenges',
      intervalMs: sweepIntervalMs,
      run: () => passkeys.sweepChallenges(deps.clock.now()),
    },
    {
      name: 'sweep-auth-sessions',
      intervalMs: sweepIntervalMs,
      run: () => sessions.sweepExpired(deps.clock.now()),
    },
    {
      name: 'sweep-sso-flows',
      intervalMs: sweepIntervalMs,
      run: () => ssoFlows.sweepFlows(deps.clock.now()),
    },
  ]
}
