import { createHash, randomBytes } from 'node:crypto'
import { passwordResetLifetimeMinutes, resetPasswordPagePath } from '@ferry/contracts/api/account'
import type { Deps } from '../../deps.js'
import { AppError, RateLimitedError } from '../../errors.js'
import type { UsersService } from '../users/users.service.js'
import { assertAcceptablePassword } from './password-policy.js'
import { passwordChangedMail, passwordResetMail } from './password-reset.emails.js'
import { createPasswordResetRepository } from './password-reset.repository.js'
import { hashPassword } from './passwords.js'

/** Reset emails one address may be sent per hour, whether or not it has an account. */
export const resetEmailsPerHour = 3

type ResetDeps = Pick<Deps, 'config' | 'clock' | 'database' | 'mailer' | 'logger' | 'rateLimiter'>

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const invalid = () => new AppError('password_reset_invalid', 400)

/**
 * "Forgot password?" (product.md §23): an emailed, single-use link that expires. Only the
 * token's SHA-256 is stored, and the token travels in the link's fragment, so it reaches neither
 * logs nor Referer headers. Requests are limited (per client address and per email, counters
 * shared by every instance) before anything is looked up, and the answer is the same whether or
 * not the address has an account.
 */
export function createPasswordResets(deps: ResetDeps, users: Pick<UsersService, 'findCredentialsByEmail'>) {
  const { clock, config, rateLimiter, logger } = deps
  const repo = createPasswordResetRepository(deps.database.db)
  const { perIp, windowMs } = config.authRateLimit

  const hit = async (key: string, limit: number, window: number) => {
    const result = await rateLimiter.hit(key, limit, window)
    if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds)
  }

  /** Issues and emails a link when the address has an account; nothing otherwise. */
  async function sendLink(email: string): Promise<void> {
    const account = await users.findCredentialsByEmail(email)
    if (!account) return
    const token = randomBytes(32).toString('base64url')
    const now = clock.now()
    const expiresAt = new Date(now.getTime() + passwordResetLifetimeMinutes * 60_000)
    await repo.replace({ userId: account.id, tokenHash: hashToken(token), expiresAt, createdAt: now })
    const link = `${config.publicUrl}${resetPasswordPagePath}#token=${encodeURIComponent(token)}`
    await deps.mailer.send(
      passwordResetMail({ to: account.email, name: account.name, link, expiresAt }, account.language),
    )
  }

  return {
    /**
     * POST /auth/forgot-password. The lookup and the email run after the answer, so its timing
     * tells nothing about the address either; a failure there is only logged.
     */
    async request(email: string, clientIp: string): Promise<void> {
      await hit(`forgot:ip:${clientIp}`, perIp, windowMs)
      await hit(`forgot:account:${email}`, resetEmailsPerHour, 3600_000)
      void sendLink(email).catch((error) => logger.error({ err: error }, 'Could not send a password reset email'))
    },

    /**
     * POST /auth/reset-password: limited per client address before the token is looked up. A
     * refused password (too common, the user's own name) leaves the link usable.
     */
    async reset(token: string, password: string, clientIp: string): Promise<void> {
      await hit(`reset:ip:${clientIp}`, perIp, windowMs)
      const tokenHash = hashToken(token)
      const account = await repo.findOpen(tokenHash, clock.now())
      if (!account) throw invalid()
      assertAcceptablePassword(password, account)
      const passwordHash = await hashPassword(password)
      const at = clock.now()
      if (!(await repo.use(tokenHash, passwordHash, at))) throw invalid()
      try {
        await deps.mailer.send(
          passwordChangedMail({ to: account.email, name: account.name, at, how: 'reset' }, account.language),
        )
      } catch (error) {
        logger.error({ err: error, userId: account.userId }, 'Could not send the password changed notice')
      }
    },

    /** Drops links that expired unused. */
    sweepExpired(): Promise<number> {
      return repo.sweepExpired(clock.now())
    },
  }
}

export type PasswordResets = ReturnType<typeof createPasswordResets>
