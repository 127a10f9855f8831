import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { confirmationCodeLength, confirmEmailPagePath } from '@ferry/contracts/api/auth'
import type { Deps } from '../../deps.js'
import { AppError, RateLimitedError } from '../../errors.js'
import type { UserRecord } from '../users/users.service.js'
import { confirmEmailMail } from './email-confirmation.emails.js'
import { createEmailConfirmationRepository, type EmailConfirmationRow } from './email-confirmation.repository.js'

/** How long an emailed link and code work (spec/accounts.md §2). */
export const confirmationLifetimeHours = 48
/** Wrong codes one confirmation survives; after them only its link (or a new email) confirms. */
export const maxCodeAttempts = 5
/** Confirmation emails an account may ask for per hour (sign-up's own email not counted). */
export const resendsPerHour = 3

type ConfirmDeps = Pick<Deps, 'config' | 'clock' | 'database' | 'mailer' | 'logger' | 'rateLimiter'>

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
/** Keyed by the row's token hash, so a code means nothing outside its own confirmation. */
const hashCode = (tokenHash: string, code: string) => createHmac('sha256', tokenHash).update(code).digest('hex')
const invalid = () => new AppError('email_confirmation_invalid', 400)

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * Email confirmation (spec/accounts.md §2, security review M-2): an account proves it owns its
 * address with the emailed link (a page that confirms with a POST, so mail scanners following
 * links confirm nothing) or the 6-digit code. Only hashes are stored; each confirmation works
 * once and expires; code guesses are rate limited before any code is compared.
 */
export function createEmailConfirmations(deps: ConfirmDeps) {
  const { clock, config, rateLimiter } = deps
  const repo = createEmailConfirmationRepository(deps.database.db)
  const { perIp, perAccount, windowMs } = config.authRateLimit

  const hit = async (key: string, limit: number, window: number) => {
    const result = await rateLimiter.hit(key, limit, window)
    if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds)
  }

  async function use(row: EmailConfirmationRow | undefined): Promise<void> {
    const now = clock.now()
    if (!row || row.expiresAt.getTime() <= now.getTime()) throw invalid()
    if (!(await repo.use(row, now))) throw invalid()
  }

  return {
    /** A new link and code for the account, emailed; earlier ones stop working. A failed email is logged. */
    async send(user: UserRecord): Promise<void> {
      const token = randomBytes(32).toString('base64url')
      const code = String(randomInt(0, 10 ** confirmationCodeLength)).padStart(confirmationCodeLength, '0')
      const tokenHash = hashToken(token)
      const now = clock.now()
      const expiresAt = new Date(now.getTime() + confirmationLifetimeHours * 3600_000)
      await repo.replace({ userId: user.id, tokenHash, codeHash: hashCode(tokenHash, code), expiresAt, createdAt: now })
      // In the fragment: browsers never send it, so the token stays out of server and proxy logs.
      const link = `${config.publicUrl}${confirmEmailPagePath}#token=${encodeURIComponent(token)}`
      try {
        await deps.mailer.send(
          confirmEmailMail({ to: user.email, name: user.name, link, code, expiresAt }, user.language),
        )
      } catch (error) {
        deps.logger.error({ err: error, userId: user.id }, 'Could not send the confirmation email; it can be resent')
      }
    },

    /** POST /auth/confirm-email/resend: throttled per account; nothing to do once confirmed. */
    async resend(user: UserRecord): Promise<void> {
      if (user.emailConfirmedAt) return
      await hit(`confirm-resend:account:${user.id}`, resendsPerHour, 3600_000)
      await this.send(user)
    },

    /** The emailed link's token: limited per client address before it is looked up. */
    async confirmByToken(token: string, clientIp: string): Promise<void> {
      await hit(`confirm:ip:${clientIp}`, perIp, windowMs)
      await use(await repo.findByTokenHash(hashToken(token)))
    },

    /**
     * The 6-digit code: limited per client address and per email before any code is compared, and
     * at most `maxCodeAttempts` wrong codes per confirmation.
     */
    async confirmByCode(email: string, code: string, clientIp: string): Promise<void> {
      await hit(`confirm:ip:${clientIp}`, perIp, windowMs)
      await hit(`confirm:code:${email}`, perAccount, windowMs)
      const row = await repo.findByEmail(email)
      if (!row || row.codeAttempts >= maxCodeAttempts) throw invalid()
      if (!sameHash(row.codeHash, hashCode(row.tokenHash, code))) {
        await repo.countWrongCode(row.userId)
        throw invalid()
      }
      await use(row)
    },
  }
}

export type EmailConfirmations = ReturnType<typeof createEmailConfirmations>

/** 403 `email_unconfirmed` for an account that has not proven its address (security review M-2). */
export function assertEmailConfirmed(user: Pick<UserRecord, 'emailConfirmedAt'>): void {
  if (!user.emailConfirmedAt) throw new AppError('email_unconfirmed', 403)
}
