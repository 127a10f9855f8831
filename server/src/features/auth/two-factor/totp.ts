import { generateSecret, generateURI, verify } from 'otplib'

/** Seconds per TOTP step (RFC 6238's default, what every authenticator app uses). */
export const totpPeriodSeconds = 30
/** Steps before or after now a code may come from, for clocks a little off. */
const toleranceSteps = 1

export const newTotpSecret = (): string => generateSecret()

export const totpUri = (secret: string, account: string, issuer: string): string =>
  generateURI({ issuer, label: account, secret, period: totpPeriodSeconds })

/**
 * The time step `code` belongs to when it is right for `secret` at `now` (±1 step) and of a
 * later step than `afterStep`; undefined otherwise. Compared in constant time by otplib.
 */
export async function matchTotp(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: totpPeriodSeconds,
    epochTolerance: toleranceSteps * totpPeriodSeconds,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  })
  return result.valid && 'timeStep' in result ? result.timeStep : undefined
}
