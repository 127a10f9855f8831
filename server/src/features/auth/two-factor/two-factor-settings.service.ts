import type {
  RecoveryCodesResponse,
  RememberedDevicesResponse,
  TotpEnrolmentResponse,
  TwoFactorProofRequest,
  TwoFactorStatusResponse,
} from '@ferry/contracts/api/two-factor'
import type { Deps } from '../../../deps.js'
import { AppError, RateLimitedError } from '../../../errors.js'
import type { UserRecord } from '../../users/users.service.js'
import type { OwnPasswords } from '../own-password.service.js'
import { newRecoveryCodes } from './recovery-codes.js'
import { hashDeviceToken, type SecondFactor } from './second-factor.service.js'
import { matchTotp, newTotpSecret, totpUri } from './totp.js'
import { twoFactorOffMail } from './two-factor.emails.js'
import { createTwoFactorRepository } from './two-factor.repository.js'

type SettingsDeps = Pick<Deps, 'config' | 'database' | 'clock' | 'mailer' | 'logger' | 'rateLimiter'>

/** The name authenticator apps show above the code. */
const issuer = 'Ferry'

/**
 * Two-factor sign-in in the profile (issue 23 item 2): enrolment (a secret, on only once a first
 * code from it is right), recovery codes shown once, turning it off, remembered browsers.
 * Every code or password typed here counts against the account's password limiter first.
 */
export function createTwoFactorSettings(
  deps: SettingsDeps,
  {
    secondFactor,
    ownPasswords,
  }: { secondFactor: SecondFactor; ownPasswords: Pick<OwnPasswords, 'confirm' | 'hasPassword'> },
) {
  const { clock, rateLimiter, logger } = deps
  const { perAccount, windowMs } = deps.config.authRateLimit
  const repo = createTwoFactorRepository(deps.database.db)

  /** The same per-account counter as the settings' password checks (OwnPasswords). */
  const admitTry = async (userId: string) => {
    const result = await rateLimiter.hit(`own-password:${userId}`, perAccount, windowMs)
    if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds)
  }

  /** Password (limited in OwnPasswords) or a current code (limited here), for a step that weakens sign-in. */
  async function prove(user: UserRecord, proof: TwoFactorProofRequest): Promise<void> {
    if (!(await secondFactor.isOn(user.id))) throw new AppError('totp_not_enabled', 409)
    if (proof.code !== undefined) {
      await admitTry(user.id)
      if (!(await secondFactor.useTotpCode(user.id, proof.code))) throw new AppError('two_factor_proof_invalid', 400)
      return
    }
    // An account without a password (Google only) proves itself with a code.
    if (!(await ownPasswords.hasPassword(user.id))) throw new AppError('two_factor_proof_invalid', 400)
    try {
      await ownPasswords.confirm(user.id, proof.password)
    } catch (error) {
      if (error instanceof AppError && error.code === 'current_password_wrong') {
        throw new AppError('two_factor_proof_invalid', 400)
      }
      throw error
    }
  }

  async function issueRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
    const codes = newRecoveryCodes()
    return { codes, hashes: await secondFactor.hashRecoveryCodes(codes) }
  }

  return {
    async status(userId: string): Promise<TwoFactorStatusResponse> {
      const factor = await repo.findFactor(userId)
      return {
        enabled: Boolean(factor?.enabledAt),
        enabled_at: factor?.enabledAt?.toISOString() ?? null,
        recovery_codes_left: factor?.enabledAt ? await repo.recoveryCodesLeft(userId) : 0,
      }
    },

    /** A new secret, waiting for its first code; 409 while 2FA is on. */
    async enrol(user: UserRecord): Promise<TotpEnrolmentResponse> {
      const secret = newTotpSecret()
      if (!(await repo.startEnrolment(user.id, await secondFactor.seal(user.id, secret), clock.now()))) {
        throw new AppError('totp_already_enabled', 409)
      }
      return { secret, otpauth_url: totpUri(secret, user.email, issuer) }
    },

    /** The first right code turns 2FA on; the 10 recovery codes come back this once. */
    async confirm(user: UserRecord, code: string): Promise<RecoveryCodesResponse> {
      const factor = await repo.findFactor(user.id)
      if (factor?.enabledAt) throw new AppError('totp_already_enabled', 409)
      if (!factor) throw new AppError('totp_not_pending', 409)
      await admitTry(user.id)
      const secret = await secondFactor.open(user.id, factor.secretSealed)
      const step = await matchTotp(secret, code, clock.now(), factor.lastUsedStep)
      if (step === undefined) throw new AppError('totp_code_invalid', 400)
      const { codes, hashes } = await issueRecoveryCodes()
      if (!(await repo.enable(user.id, step, hashes, clock.now()))) throw new AppError('totp_code_invalid', 400)
      return { recovery_codes: codes }
    },

    /** Turns 2FA off after proof; the owner is told by email. */
    async disable(user: UserRecord, proof: TwoFactorProofRequest): Promise<void> {
      await prove(user, proof)
      if (!(await repo.disable(user.id))) throw new AppError('totp_not_enabled', 409)
      try {
        await deps.mailer.send(twoFactorOffMail({ to: user.email, name: user.name, at: clock.now() }, user.language))
      } catch (error) {
        logger.error({ err: error, userId: user.id }, 'Could not send the two-factor off notice')
      }
    },

    /** Ten new recovery codes after proof; the earlier ones stop working. */
    async regenerateRecoveryCodes(user: UserRecord, proof: TwoFactorProofRequest): Promise<RecoveryCodesResponse> {
      await prove(user, proof)
      const { codes, hashes } = await issueRecoveryCodes()
      await repo.replaceRecoveryCodes(user.id, hashes, clock.now())
      return { recovery_codes: codes }
    },

    /** The account's remembered browsers; `current` marks the one whose cookie came along. */
    async devices(userId: string, currentToken: string | undefined): Promise<RememberedDevicesResponse> {
      const currentHash = currentToken ? hashDeviceToken(currentToken) : undefined
      const rows = await repo.listDevices(userId, clock.now())
      return {
        devices: rows.map((row) => ({
          id: row.id,
          label: row.label,
          created_at: row.createdAt.toISOString(),
          last_used_at: row.lastUsedAt.toISOString(),
          expires_at: row.expiresAt.toISOString(),
          current: row.tokenHash === currentHash,
        })),
      }
    },

    async forgetDevice(userId: string, id: string): Promise<void> {
      if (!(await repo.forgetDevice(userId, id))) throw new AppError('remembered_device_not_found', 404)
    },

    forgetAllDevices: (userId: string): Promise<void> => repo.forgetAllDevices(userId),
  }
}

export type TwoFactorSettings = ReturnType<typeof createTwoFactorSettings>
