import { createHash, randomBytes } from 'node:crypto'
import {
  type AccountResponse,
  type ChangeEmailResponse,
  confirmEmailChangePagePath,
  emailChangeLifetimeHours,
} from '@ferry/contracts/api/account'
import type { User } from '@ferry/contracts/api/users'
import type { Deps } from '../../deps.js'
import { AppError, RateLimitedError } from '../../errors.js'
import type { OwnPasswords } from '../auth/own-password.service.js'
import type { TransfersService } from '../transfers/transfers.service.js'
import { toUser, toUserRecord } from '../users/users.service.js'
import { accountDeletedMail, emailChangedMail, emailChangeMail } from './account.emails.js'
import { createAccountRepository } from './account.repository.js'
import type { AccountDeletion } from './account-deletion.service.js'
import { createAccountExport } from './account-export.js'

/** Confirmation emails for a new address an account may ask for per hour. */
export const emailChangesPerHour = 3

type AccountDeps = Pick<
  Deps,
  'config' | 'clock' | 'database' | 'blobs' | 'mailer' | 'logger' | 'payments' | 'rateLimiter'
>

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * The profile's settings (product.md §23): name, email (confirmed by the new address before it
 * takes effect), deleting the account and downloading its data. Passwords are the auth feature's
 * (OwnPasswords), reached through its service.
 */
export function createAccountService(
  deps: AccountDeps,
  {
    ownPasswords,
    deletion,
    transfers,
  }: { ownPasswords: OwnPasswords; deletion: AccountDeletion; transfers: Pick<TransfersService, 'allOwnedRecords'> },
) {
  const { clock, config, database, rateLimiter, logger } = deps
  const repo = createAccountRepository(database.db)
  const exporter = createAccountExport(deps, transfers)

  const hit = async (key: string, limit: number, windowMs: number) => {
    const result = await rateLimiter.hit(key, limit, windowMs)
    if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds)
  }

  /** Mail that follows a change already made: a failure is logged, the change stands. */
  const notify = async (send: () => Promise<void>, what: string) => {
    try {
      await send()
    } catch (error) {
      logger.error({ err: error }, `Could not send the ${what} email`)
    }
  }

  return {
    async get(userId: string): Promise<AccountResponse> {
      const row = await repo.findById(userId)
      if (!row) throw new AppError('unauthorized', 401)
      return {
        user: toUser(toUserRecord(row)),
        has_password: row.passwordHash !== null,
        pending_email: await repo.pendingEmail(userId, clock.now()),
      }
    },

    async changeName(userId: string, name: string): Promise<User> {
      const row = await repo.setName(userId, name)
      if (!row) throw new AppError('unauthorized', 401)
      return toUser(toUserRecord(row))
    },

    /**
     * Emails a one-time link to the new address; the account keeps its address until the link is
     * opened. Needs the current password (when the account has one), so a session left open on a
     * shared computer cannot move the account away.
     */
    async requestEmailChange(
      userId: string,
      email: string,
      password: string | undefined,
    ): Promise<ChangeEmailResponse> {
      const account = await ownPasswords.confirm(userId, password)
      if (email === account.email) throw new AppError('email_change_same', 400)
      if (await repo.findByEmail(email)) throw new AppError('account_email_taken', 409)
      await hit(`email-change:${userId}`, emailChangesPerHour, 3600_000)
      const token = randomBytes(32).toString('base64url')
      const now = clock.now()
      const expiresAt = new Date(now.getTime() + emailChangeLifetimeHours * 3600_000)
      await repo.replaceEmailChange({ userId, tokenHash: hashToken(token), newEmail: email, expiresAt, createdAt: now })
      // In the fragment: browsers never send it, so the token stays out of server and proxy logs.
      const link = `${config.publicUrl}${confirmEmailChangePagePath}#token=${encodeURIComponent(token)}`
      await deps.mailer.send(
        emailChangeMail({ to: email, oldEmail: account.email, name: account.name, link, expiresAt }, account.language),
      )
      return { pending_email: email }
    },

    /** The new address's link: limited per client address before it is looked up; the old address is told. */
    async confirmEmailChange(token: string, clientIp: string): Promise<void> {
      await hit(`email-change-confirm:ip:${clientIp}`, config.authRateLimit.perIp, config.authRateLimit.windowMs)
      const now = clock.now()
      const changed = await repo.useEmailChange(hashToken(token), now)
      if (changed === 'taken') throw new AppError('account_email_taken', 409)
      if (changed === 'expired') throw new AppError('email_change_expired', 410)
      if (!changed) throw new AppError('email_change_invalid', 400)
      await notify(
        () =>
          deps.mailer.send(
            emailChangedMail(
              { to: changed.oldEmail, newEmail: changed.newEmail, name: changed.name, at: now },
              changed.language,
            ),
          ),
        'email changed',
      )
    },

    /**
     * Deletes the account and everything it stored (account-deletion.ts), after the password (or,
     * for an account without one, its email typed out); then says goodbye by email.
     */
    async delete(userId: string, confirmation: string): Promise<void> {
      await ownPasswords.confirm(userId, confirmation, { emailInstead: true })
      const row = await deletion.delete(userId, { lastAdminCode: 'account_last_admin' })
      await notify(
        () => deps.mailer.send(accountDeletedMail({ to: row.email, name: row.name, at: clock.now() }, row.language)),
        'account deleted',
      )
    },

    exportJson: (userId: string) => exporter.json(userId),
    exportZipEntries: (userId: string) => exporter.zipEntries(userId),
  }
}

export type AccountService = ReturnType<typeof createAccountService>
