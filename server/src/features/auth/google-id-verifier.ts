import { normaliseEmail } from '@ferry/contracts/api/users'
import { createRemoteJWKSet, errors, jwtVerify } from 'jose'
import type { Clock } from '../../clock.js'
import { AppError } from '../../errors.js'

/** What Ferry takes from a verified Google ID token. */
export interface GoogleIdentity {
  sub: string
  /** Normalised (trimmed, lower-cased). */
  email: string
  name: string | null
  picture: string | null
}

export interface GoogleIdVerifier {
  /** Throws AppError: 401 for a token that does not verify, 503 when Google's keys cannot be fetched. */
  verify(idToken: string): Promise<GoogleIdentity>
}

const googleIssuers = ['accounts.google.com', 'https://accounts.google.com']

// Failures of the key-set fetch itself, as opposed to a bad token.
const unavailableCodes = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC'])

/** Verifies Google ID tokens (signature, issuer, audience, expiry) against a key-set URL. */
export function createGoogleIdVerifier(options: { clientId: string; jwksUrl: string; clock: Clock }): GoogleIdVerifier {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl))
  return {
    async verify(idToken) {
      let payload: Record<string, unknown>
      try {
        ;({ payload } = await jwtVerify(idToken, keys, {
          issuer: googleIssuers,
          audience: options.clientId,
          currentDate: options.clock.now(),
          requiredClaims: ['sub', 'exp'],
        }))
      } catch (error) {
        if (!(error instanceof errors.JOSEError) || unavailableCodes.has(error.code)) {
          throw new AppError('google_unavailable', 503)
        }
        throw new AppError('google_auth_failed', 401)
      }
      const { sub, email, name, picture } = payload
      // Google sends a boolean; some older tokens carried the string "true".
      const verified = payload.email_verified === true || payload.email_verified === 'true'
      if (typeof sub !== 'string' || typeof email !== 'string' || !email.includes('@')) {
        throw new AppError('google_auth_failed', 401)
      }
      if (!verified) throw new AppError('google_email_unverified', 401)
      return {
        sub,
        email: normaliseEmail(email),
        name: typeof name === 'string' && name.trim() ? name.trim() : null,
        picture: typeof picture === 'string' && picture ? picture : null,
      }
    },
  }
}
