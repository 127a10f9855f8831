import type { Deps } from '../../../deps.js'
import { AppError, RateLimitedError } from '../../../errors.js'
import { createOneTimeCodes } from '../../../secrets/one-time-code.js'
import type { ShareAggregate } from '../share-query.js'
import { recipientCodeEmail } from './access.emails.js'
import { createRecipientCodesRepository } from './recipient-codes.repository.js'
import type { TransferAccess } from './transfer-access.js'

type VerificationDeps = Pick<Deps, 'config' | 'clock' | 'database' | 'mailer' | 'logger' | 'rateLimiter'>

/** A new grant to hand over (cookie and header). */
export type RecipientGrant = { token: string; expiresAt: Date }

/**
 * Recipient-verified links (issue 18 item 3). On a transfer open only to its recipients, the share
 * page asks for an address and emails a 6-digit code to it when it is a recipient's; the right code
 * gives a grant bound to that recipient. The code rules are the shared ones
 * (`secrets/one-time-code.ts`: 10 minutes, an HMAC with the `recipient-code` secret, 5 tries each
 * counted in the shared rate limiter before any compare, one email a minute and three an hour per
 * address and transfer). Whether an address is a recipient is never told: both asks count against
 * the same limits and answer the same, and every wrong answer is `verification_code_incorrect`.
 */
export function createRecipientVerification(deps: VerificationDeps, access: Pick<TransferAccess, 'issue'>) {
  const { clock, rateLimiter } = deps
  const repo = createRecipientCodesRepository(deps.database.db)
  const codes = createOneTimeCodes(
    { db: deps.database.db, rateLimiter, clock },
    {
      secretName: 'recipient-code',
      scope: 'recipient-code',
      tooSoonCode: 'verification_code_too_soon',
      hourlyLimitCode: 'verification_code_limit',
    },
  )
  const address = (transferId: string, email: string) => `${transferId}:${email}`
  const triesKey = (transferId: string, email: string) => `recipient-code:tries:${address(transferId, email)}`

  /** Every ask (code or confirm) counts against the client address, with the sign-in limits. */
  async function admitClient(kind: 'send' | 'confirm', clientIp: string) {
    const { perIp, windowMs } = deps.config.authRateLimit
    const byIp = await rateLimiter.hit(`share-verify:${kind}:ip:${clientIp}`, perIp, windowMs)
    if (!byIp.allowed) throw new RateLimitedError(byIp.retryAfterSeconds)
  }

  function assertRecipientsOnly(found: ShareAggregate) {
    if (found.transfer.access !== 'recipients') throw new AppError('verification_not_needed', 409)
  }

  return {
    /**
     * POST /api/share/{uniqueId}/verification: emails a code when `email` is a recipient's. The
     * same limits and the same answer either way; the email goes out after the answer, so its
     * time does not tell either.
     */
    async request(found: ShareAggregate, email: string, clientIp: string): Promise<void> {
      assertRecipientsOnly(found)
      await admitClient('send', clientIp)
      const { transfer } = found
      await codes.admitSend(address(transfer.id, email))
      const recipient = found.recipients.find((r) => r.email === email)
      if (!recipient) return
      const { id, code, codeHmac, expiresAt } = await codes.create(triesKey(transfer.id, email))
      await repo.insert({ id, recipientId: recipient.id, codeHmac, expiresAt, createdAt: clock.now() })
      const mail = async () => {
        const language = (await repo.senderLanguage(transfer.id)) ?? 'en'
        const senderName = found.senderName ?? 'A Ferry user'
        await deps.mailer.send(
          recipientCodeEmail({ to: recipient.email, code, title: transfer.title, senderName, expiresAt }, language),
        )
      }
      void mail().catch((error: unknown) => {
        deps.logger.error(
          { err: error, transferId: transfer.id },
          'Could not email a recipient code; it can be asked for again',
        )
      })
    },

    /**
     * POST /api/share/{uniqueId}/verification/confirm: the try is counted first (429 past five),
     * then the code is compared. A grant bound to the recipient, or 401 verification_code_incorrect
     * for a wrong, expired or used code and for an address that is not a recipient's.
     */
    async confirm(found: ShareAggregate, email: string, code: string, clientIp: string): Promise<RecipientGrant> {
      assertRecipientsOnly(found)
      await admitClient('confirm', clientIp)
      const { transfer } = found
      await codes.admitTry(triesKey(transfer.id, email))
      const incorrect = () => new AppError('verification_code_incorrect', 401)
      const recipient = found.recipients.find((r) => r.email === email)
      const row = recipient ? await repo.newestOpen(recipient.id) : undefined
      if (!recipient || !row || !codes.isOpen(row)) throw incorrect()
      if (!(await codes.matches(row, code))) {
        await repo.countWrongTry(row.id)
        throw incorrect()
      }
      if (!(await repo.use(row.id, clock.now()))) throw incorrect()
      await codes.forgetTries(triesKey(transfer.id, email))
      const grant = await access.issue(transfer, 'recipient', recipient)
      if (!grant) throw incorrect()
      return grant
    },
  }
}

export type RecipientVerification = ReturnType<typeof createRecipientVerification>
