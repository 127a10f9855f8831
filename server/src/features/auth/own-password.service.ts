import type { Deps } from '../../deps.js'
import { AppError, RateLimitedError } from '../../errors.js'
import type { UserCredentials, UsersService } from '../users/users.service.js'
import { createAuthRepository } from './auth.repository.js'
import type { AuthService, SignedIn, SigningInDevice } from './auth.service.js'
import { assertAcceptablePassword } from './password-policy.js'
import { passwordChangedMail } from './password-reset.emails.js'
import { hashPassword, verifyPassword } from './passwords.js'

type OwnPasswordDeps = Pick<Deps, 'config' | 'clock' | 'database' | 'mailer' | 'logger' | 'rateLimiter'>

const wrong = () => new AppError('current_password_wrong', 400)

/**
 * The signed-in user proving it is really them (product.md §23): changing the password or the
 * email, deleting the account. Attempts are limited per account (counters shared by every
 * instance) before any password is compared, so a stolen session cannot guess its way further.
 */
export function createOwnPasswords(
  deps: OwnPasswordDeps,
  {
    auth,
    users,
  }: { auth: Pick<AuthService, 'sessionFor'>; users: Pick<UsersService, 'getById' | 'findCredentialsByEmail'> },
) {
  const { rateLimiter, clock, logger } = deps
  const { perAccount, windowMs } = deps.config.authRateLimit
  const repo = createAuthRepository(deps.database.db)

  async function credentials(userId: string): Promise<UserCredentials> {
    const user = await users.getById(userId)
    const account = user && (await users.findCredentialsByEmail(user.email))
    if (!account) throw new AppError('unauthorized', 401)
    return account
  }

  /** Limited per account, then compared; 400 `current_password_wrong` for a wrong one. */
  async function check(account: UserCredentials, password: string): Promise<void> {
    const result = await rateLimiter.hit(`own-password:${account.id}`, perAccount, windowMs)
    if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds)
    if (!account.passwordHash || !(await verifyPassword(account.passwordHash, password))) throw wrong()
  }

  return {
    /** Whether the account has a password at all (one that only signs in with Google has none). */
    async hasPassword(userId: string): Promise<boolean> {
      return (await credentials(userId)).passwordHash !== null
    },

    /**
     * Confirms a sensitive step: the account's password, or, for an account without one (Google
     * only), `emailInstead` must be its address. Limited like a password either way.
     */
    async confirm(userId: string, password: string | undefined, options: { emailInstead?: boolean } = {}) {
      const account = await credentials(userId)
      if (account.passwordHash === null && options.emailInstead) {
        const result = await rateLimiter.hit(`own-password:${account.id}`, perAccount, windowMs)
        if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds)
        if ((password ?? '').trim().toLowerCase() !== account.email)
          throw new AppError('account_delete_confirmation', 400)
        return account
      }
      if (account.passwordHash === null) return account
      await check(account, password ?? '')
      return account
    },

    /**
     * Changes the password after checking the current one. Every session of the account ends (the
     * session epoch moves on), and the caller gets a new session for the device that asked, which
     * therefore stays signed in: the person who knows the new password is the one holding it.
     */
    async change(userId: string, current: string, next: string, device?: SigningInDevice): Promise<SignedIn> {
      const account = await credentials(userId)
      await check(account, current)
      assertAcceptablePassword(next, account)
      if (!(await repo.changePasswordHash(account.id, account.passwordHash, await hashPassword(next)))) throw wrong()
      const signedIn = await auth.sessionFor(account.id, device)
      try {
        await deps.mailer.send(
          passwordChangedMail(
            { to: account.email, name: account.name, at: clock.now(), how: 'changed' },
            account.language,
          ),
        )
      } catch (error) {
        logger.error({ err: error, userId: account.id }, 'Could not send the password changed notice')
      }
      return signedIn
    },
  }
}

export type OwnPasswords = ReturnType<typeof createOwnPasswords>
