import { createHash, randomBytes } from 'node:crypto'
import type { SenderConfirmationStatus } from '@ferry/contracts/api/sender-confirmation'
import type { Deps } from '../../deps.js'
import { AppError, RateLimitedError, RetryLaterError } from '../../errors.js'
import type { SenderProof } from '../../http/sender-proof.js'
import { createOneTimeCodes, oneTimeCodeMaxTries, oneTimeCodesPerHour } from '../../secrets/one-time-code.js'
import { assertEmailConfirmed } from '../auth/email-confirmation.service.js'
import type { PlansService } from '../plans/plans.service.js'
import type { UserRecord } from '../users/users.types.js'
import { senderCodeMail } from './sender-confirmation.emails.js'
import { createSenderConfirmationRepository } from './sender-confirmation.repository.js'

export type { SenderProof }

/** Wrong tries one code survives. */
export const maxSenderCodeTries = oneTimeCodeMaxTries
/** Codes one address may be sent per hour. */
export const senderCodesPerHour = oneTimeCodesPerHour
/** How long a confirmed browser is remembered. */
export const browserConfirmationDays = 30

type SenderConfirmationDeps = Pick<Deps, 'config' | 'clock' | 'database' | 'mailer' | 'logger' | 'rateLimiter'>

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const sessionKey = (jti: string) => sha256(`session:${jti}`)
const browserKey = (token: string) => sha256(`browser:${token}`)

/**
 * Verified senders (DECISIONS §12 `requires_otp`, issue 18 item 7). On a plan with the flag, a
 * browser, session or key confirms a 6-digit code emailed to the account's address before its first
 * transfer. Codes follow the shared rules of `secrets/one-time-code.ts` (10 minutes, stored only as
 * an HMAC with the `sender-code` secret, 5 tries each counted by the shared rate limiter before any
 * code is compared, at most one email a minute and three an hour per address). A confirmed browser is remembered 30 days through a random
 * token kept only hashed; a confirmed session for its token's lifetime.
 */
export function createSenderConfirmations(
  deps: SenderConfirmationDeps,
  { plans }: { plans: Pick<PlansService, 'planForUser'> },
) {
  const { clock, rateLimiter } = deps
  const repo = createSenderConfirmationRepository(deps.database.db)
  const codes = createOneTimeCodes(
    { db: deps.database.db, rateLimiter, clock },
    {
      secretName: 'sender-code',
      scope: 'sender-code',
      tooSoonCode: 'sender_code_too_soon',
      hourlyLimitCode: 'sender_code_limit',
    },
  )

  const triesKey = (userId: string) => `sender-confirm:account:${userId}`

  async function isConfirmed(user: UserRecord, proof: SenderProof): Promise<boolean> {
    const keys = [
      ...(proof.session ? [sessionKey(proof.session.jti)] : []),
      ...(proof.browserToken ? [browserKey(proof.browserToken)] : []),
    ]
    return keys.length > 0 && repo.isConfirmed(user.id, keys, clock.now())
  }

  async function required(user: UserRecord, proof: SenderProof, requiresOtp?: boolean): Promise<boolean> {
    const flag = requiresOtp ?? (await plans.planForUser(user.id)).requires_otp
    return flag && !(await isConfirmed(user, proof))
  }

  /** Emails a new code, within one a minute and three an hour per address; earlier codes stop working. */
  async function issueCode(user: UserRecord): Promise<void> {
    await codes.admitSend(user.email)
    // A new code gets its own tries.
    const { id, code, codeHmac, expiresAt } = await codes.create(triesKey(user.id))
    await repo.insertCode({ id, userId: user.id, email: user.email, codeHmac, expiresAt, createdAt: clock.now() })
    try {
      await deps.mailer.send(senderCodeMail({ to: user.email, name: user.name, code, expiresAt }, user.language))
    } catch (error) {
      deps.logger.error({ err: error, userId: user.id }, 'Could not email a sender code; it can be asked for again')
    }
  }

  return {
    /** GET /api/sender-confirmation. */
    async status(user: UserRecord, proof: SenderProof): Promise<SenderConfirmationStatus> {
      // An unconfirmed address comes first (403 email_unconfirmed on sending); no code goes to it.
      return { required: user.emailConfirmedAt !== null && (await required(user, proof)), email: user.email }
    },

    /**
     * Called by POST /api/transfers before anything is claimed or sent: on a plan with
     * `requires_otp`, an unconfirmed caller gets 403 `sender_confirmation_required`, and a code is
     * emailed unless one went out less than a minute ago (or three this hour).
     */
    async assertMaySend(user: UserRecord, requiresOtp: boolean, proof: SenderProof): Promise<void> {
      if (!(await required(user, proof, requiresOtp))) return
      try {
        await issueCode(user)
      } catch (error) {
        if (!(error instanceof RetryLaterError)) throw error
        // A code went out recently: the sender types that one.
      }
      throw new AppError('sender_confirmation_required', 403)
    },

    /** POST /api/sender-confirmation/code: a new code, on request (the dialog's Resend). */
    async sendCode(user: UserRecord, proof: SenderProof): Promise<void> {
      assertEmailConfirmed(user)
      if (!(await required(user, proof))) throw new AppError('sender_confirmation_not_needed', 409)
      await issueCode(user)
    },

    /**
     * POST /api/sender-confirmation: checks the code (tries limited first, per address and per
     * account), then confirms the session and the browser. Returns the browser's new token for its
     * cookie.
     */
    async confirm(
      user: UserRecord,
      proof: SenderProof,
      code: string,
    ): Promise<{ browserToken: string; expiresAt: Date }> {
      const { perIp, windowMs } = deps.config.authRateLimit
      const byIp = await rateLimiter.hit(`sender-confirm:ip:${proof.clientIp}`, perIp, windowMs)
      if (!byIp.allowed) throw new RateLimitedError(byIp.retryAfterSeconds)
      await codes.admitTry(triesKey(user.id))

      const now = clock.now()
      const row = await repo.newestOpenCode(user.id)
      if (!row || !codes.isOpen(row)) throw new AppError('sender_code_expired', 410)
      if (!(await codes.matches(row, code))) {
        await repo.countWrongTry(row.id)
        throw new AppError('sender_code_incorrect', 400)
      }
      if (!(await repo.useCode(row.id, now))) throw new AppError('sender_code_expired', 410)

      await codes.forgetTries(triesKey(user.id))
      if (proof.session) {
        await repo.confirm({
          keyHash: sessionKey(proof.session.jti),
          userId: user.id,
          kind: 'session',
          expiresAt: proof.session.expiresAt,
        })
      }
      const browserToken = randomBytes(32).toString('base64url')
      const expiresAt = new Date(now.getTime() + browserConfirmationDays * 24 * 3600_000)
      await repo.confirm({ keyHash: browserKey(browserToken), userId: user.id, kind: 'browser', expiresAt })
      return { browserToken, expiresAt }
    },
  }
}

export type SenderConfirmations = ReturnType<typeof createSenderConfirmations>
