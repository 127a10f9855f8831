import { randomUUID } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import type { Clock } from '../../clock.js'
import { tokenLifetimeSeconds } from '../../http/auth-cookie.js'

export interface IssuedToken {
  token: string
  jti: string
  expiresAt: Date
}

/** What a valid token says; whether it was revoked or its epoch ended is the caller's question. */
export interface TokenClaims {
  userId: string
  jti: string
  expiresAt: Date
  /** The user's session epoch when it was issued (product.md §15); 0 for tokens issued before epochs. */
  epoch: number
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** HS256 JWTs carrying `sub` (the user id), `jti`, `iat`, `exp` and `sep` (the session epoch). */
export function createTokenSigner(options: { secret: string; clock: Clock }) {
  const key = new TextEncoder().encode(options.secret)
  const { clock } = options
  return {
    async issue(userId: string, epoch: number): Promise<IssuedToken> {
      const iat = Math.floor(clock.now().getTime() / 1000)
      const exp = iat + tokenLifetimeSeconds
      const jti = randomUUID()
      const token = await new SignJWT({ sep: epoch })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setJti(jti)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key)
      return { token, jti, expiresAt: new Date(exp * 1000) }
    },

    /** The claims of a well-signed, unexpired token; undefined for anything else. */
    async read(token: string): Promise<TokenClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
          requiredClaims: ['sub', 'jti', 'exp', 'iat'],
        })
        const { sub, jti, exp, sep = 0 } = payload
        if (!sub || !jti || !exp || !uuidPattern.test(sub) || !uuidPattern.test(jti)) return undefined
        if (!Number.isSafeInteger(sep) || (sep as number) < 0) return undefined
        return { userId: sub, jti, expiresAt: new Date(exp * 1000), epoch: sep as number }
      } catch {
        return undefined
      }
    },
  }
}

export type TokenSigner = ReturnType<typeof createTokenSigner>
