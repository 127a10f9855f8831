import { createHash } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import type { Clock } from '../../clock.js'

const purpose = 'set-password'
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * What the link is bound to: the account's current password hash and email. Setting a password
 * changes the hash, so a link works once without a table of used tokens; changing the email
 * voids links sent to the old address.
 */
export function accountFingerprint(account: { passwordHash: string | null; email: string }): string {
  return createHash('sha256')
    .update(`${account.passwordHash ?? ''}\n${account.email}`)
    .digest('base64url')
    .slice(0, 22)
}

/** Signed (HS256), expiring set-password tokens for admin-created accounts (product.md §4). */
export function createSetPasswordTokens(options: { secret: string; clock: Clock }) {
  const key = new TextEncoder().encode(options.secret)
  const { clock } = options
  return {
    async issue(userId: string, fingerprint: string, lifetimeSeconds: number) {
      const iat = Math.floor(clock.now().getTime() / 1000)
      const exp = iat + lifetimeSeconds
      const token = await new SignJWT({ purpose, fp: fingerprint })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key)
      return { token, expiresAt: new Date(exp * 1000) }
    },

    /** The user and fingerprint of a well-signed, unexpired token; undefined for anything else. */
    async read(token: string): Promise<{ userId: string; fingerprint: string } | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp'],
        })
        if (payload.purpose !== purpose || typeof payload.fp !== 'string') return undefined
        if (!payload.sub || !uuidPattern.test(payload.sub)) return undefined
        return { userId: payload.sub, fingerprint: payload.fp }
      } catch {
        return undefined
      }
    },
  }
}

export type SetPasswordTokens = ReturnType<typeof createSetPasswordTokens>
