import { createHash, randomBytes } from 'node:crypto'
import type { PasskeyCredential, SecondFactorMethod } from '@ferry/contracts/api/passkeys'
import { rememberDeviceDays } from '@ferry/contracts/api/two-factor'
import type { Deps } from '../../../deps.js'
import { AppError } from '../../../errors.js'
import { cachedSecret } from '../../../secrets/secrets.js'
import type { UserRecord } from '../../users/users.service.js'
import type { Passkeys } from '../passkeys/passkeys.service.js'
import type { RelyingParty } from '../passkeys/relying-party.js'
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
  /** An assertion of one of the account's passkeys. */
  passkey?: PasskeyCredential
  remember_device?: boolean
}

/** The browser signing in: its remembered-device token, its label, and the origin it is on (passkeys). */
export interface SecondStepDevice {
  token?: string
  label: string
  relyingParty?: RelyingParty
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
export function createSecondFactor(deps: SecondFactorDeps, passkeys: Pick<Passkeys, 'verify' | 'hasAny'>) {
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

  /** A passkey of this account as the second step; any refusal of it is a wrong second factor. */
  async function usePasskey(userId: string, credential: PasskeyCredential, device: SecondStepDevice) {
    if (!device.relyingParty) return false
    try {
      await passkeys.verify(device.relyingParty, credential, { userId, passwordless: false })
      return true
    } catch (error) {
      if (error instanceof AppError && error.code.startsWith('passkey_')) return false
      throw error
    }
  }

  /** What the account can answer the second step with, for `second_factor_required`. */
  async function methodsOf(userId: string): Promise<SecondFactorMethod[]> {
    return (await passkeys.hasAny(userId)) ? ['totp', 'recovery_code', 'passkey'] : ['totp', 'recovery_code']
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
      device: SecondStepDevice,
    ): Promise<RememberedDeviceToken | undefined> {
      if (!(await this.isOn(user.id))) return undefined
      if (device.token && (await repo.touchDevice(user.id, hashDeviceToken(device.token), clock.now()))) {
        return undefined
      }
      if (proof.totp_code === undefined && proof.recovery_code === undefined && proof.passkey === undefined) {
        throw new AppError('second_factor_required', 401, undefined, { methods: await methodsOf(user.id) })
      }
      const passed =
        proof.passkey !== undefined
          ? await usePasskey(user.id, proof.passkey, device)
          : proof.totp_code !== undefined
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
