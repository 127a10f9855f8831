import { createHash, randomBytes } from 'node:crypto'
import { rememberDeviceDays } from '@ferry/contracts/api/two-factor'
import type { Deps } from '../../../deps.js'
import { AppError } from '../../../errors.js'
import { cachedSecret } from '../../../secrets/secrets.js'
import type { UserRecord } from '../../users/users.service.js'
import { hashRecoveryCode } from './recovery-codes.js'
import { createSecretBox } from './secret-box.js'
import { matchTotp } from './totp.js'
import { recoveryCodeUsedMail } from './two-factor.emails.js'
import { createTwoFactorRepository } from './two-factor.repository.js'

type SecondFactorDeps = Pick<Deps, 'database' | 'clock' | 'mailer' | 'logger'>

/** The second step a sign-in brings: a code, a recovery code, or a remembered browser's token. */
export interface SecondFactorProof {
  totp_code?: string
  recovery_code?: string
  remember_device?: boolean
}

/** A browser to remember: the token for its cookie (only its hash is stored) and when it ends. */
export interface RememberedDeviceToken {
  token: string
  expiresAt: Date
}

export const hashDeviceToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * The second step of signing in (issue 23 item 2), for every way in (password and Google): an
 * account with TOTP on needs a current code (each time step works once), an unused recovery
 * code, or a browser it chose to remember. Rate limiting is the caller's: the sign-in limiter
 * runs before the password, and a wrong code counts as a failed sign-in.
 */
export function createSecondFactor(deps: SecondFactorDeps) {
  const { clock, logger } = deps
  const repo = createTwoFactorRepository(deps.database.db)
  const encryptionKey = cachedSecret(deps.database.db, 'totp-encryption-key')
  const recoveryKey = cachedSecret(deps.database.db, 'recovery-code-key')
  const box = async () => createSecretBox(Buffer.from(await encryptionKey(), 'base64url'))

  /** A right code of a step later than the last one used, recorded as used at once. */
  async function useTotpCode(userId: string, code: string): Promise<boolean> {
    const factor = await repo.findFactor(userId)
    if (!factor?.enabledAt) return false
    const secret = (await box()).open(factor.secretSealed, userId)
    const step = await matchTotp(secret, code, clock.now(), factor.lastUsedStep)
    return step !== undefined && (await repo.useStep(userId, step))
  }

  async function useRecoveryCode(user: UserRecord, code: string): Promise<boolean> {
    const now = clock.now()
    if (!(await repo.useRecoveryCode(user.id, hashRecoveryCode(await recoveryKey(), code), now))) return false
    try {
      const left = await repo.recoveryCodesLeft(user.id)
      await deps.mailer.send(recoveryCodeUsedMail({ to: user.email, name: user.name, at: now, left }, user.language))
    } catch (error) {
      logger.error({ err: error, userId: user.id }, 'Could not send the recovery code notice')
    }
    return true
  }

  async function rememberDevice(userId: string, label: string): Promise<RememberedDeviceToken> {
    const token = randomBytes(32).toString('base64url')
    const now = clock.now()
    const expiresAt = new Date(now.getTime() + rememberDeviceDays * 24 * 3600_000)
    await repo.rememberDevice({ userId, tokenHash: hashDeviceToken(token), label, expiresAt, now })
    return { token, expiresAt }
  }

  return {
    /** Whether the account signs in with a second step. */
    async isOn(userId: string): Promise<boolean> {
      return Boolean((await repo.findFactor(userId))?.enabledAt)
    },

    /**
     * After the first factor: passes an account without 2FA, or with a remembered browser;
     * otherwise needs `totp_code` or `recovery_code` (401 `second_factor_required` without,
     * 401 `second_factor_invalid` for a wrong, used or reused one). With `remember_device`, the
     * browser's new token comes back for its cookie.
     */
    async pass(
      user: UserRecord,
      proof: SecondFactorProof,
      device: { token?: string; label: string },
    ): Promise<RememberedDeviceToken | undefined> {
      if (!(await this.isOn(user.id))) return undefined
      if (device.token && (await repo.touchDevice(user.id, hashDeviceToken(device.token), clock.now()))) {
        return undefined
      }
      if (proof.totp_code === undefined && proof.recovery_code === undefined) {
        throw new AppError('second_factor_required', 401)
      }
      const passed =
        proof.totp_code !== undefined
          ? await useTotpCode(user.id, proof.totp_code)
          : await useRecoveryCode(user, proof.recovery_code!)
      if (!passed) throw new AppError('second_factor_invalid', 401)
      return proof.remember_device ? rememberDevice(user.id, device.label) : undefined
    },

    /** A current code as proof in the settings (turning 2FA off, new recovery codes); used once. */
    useTotpCode,

    /** Seals a new secret for `userId` (the settings' enrolment). */
    async seal(userId: string, secret: string): Promise<string> {
      return (await box()).seal(secret, userId)
    },

    async open(userId: string, sealed: string): Promise<string> {
      return (await box()).open(sealed, userId)
    },

    async hashRecoveryCodes(codes: string[]): Promise<string[]> {
      const key = await recoveryKey()
      return codes.map((code) => hashRecoveryCode(key, code))
    },
  }
}

export type SecondFactor = ReturnType<typeof createSecondFactor>
