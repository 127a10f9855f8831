import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The ways a transfer's bytes are opened to someone who is not its sender. Each later way in
 * (a verified recipient, an API key, an SFTP login) adds a kind here and a lock in `locksOf`.
 */
export type GrantKind = 'password' | 'recipient'

/** What a grant says: who may read which transfer's bytes, admitted by which secret, until when. */
export interface GrantClaims {
  kind: GrantKind
  /** The transfer's id (not its share id, which stays out of the token). */
  transferId: string
  /**
   * A fingerprint of the secret that admitted the holder (for a password: of its stored hash,
   * which has its own salt; for a verified recipient: of that recipient's row id and address). A grant only opens a lock whose proof is the same, so changing or
   * removing the secret revokes every grant given for it, on every instance at once.
   */
  proof: string
  /** Unix seconds. */
  exp: number
}

const version = 'g1'
const base64urlPattern = /^[A-Za-z0-9_-]+$/
const kinds: readonly GrantKind[] = ['password', 'recipient']

/** The fingerprint a grant carries of a stored secret (a password's argon2id PHC string, a recipient's row). */
export const proofOf = (storedSecret: string) =>
  createHash('sha256').update(`ferry-grant-proof\n${storedSecret}`).digest('base64url').slice(0, 22)

/**
 * Grants as opaque tokens: `g1.<claims, base64url JSON>.<HMAC-SHA256>`, signed with the
 * `access-grant` secret kept in the database, so any instance reads what another issued.
 */
export function createGrantSigner(secret: string) {
  if (secret.length < 16) throw new Error('The access grant secret must have at least 16 characters')
  const mac = (body: string) => createHmac('sha256', secret).update(`ferry-grant\n${body}`).digest()

  return {
    issue(claims: GrantClaims): string {
      const body = `${version}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`
      return `${body}.${mac(body).toString('base64url')}`
    },

    /** The claims of a well-signed, unexpired token; null for anything else. */
    read(token: string, nowMs: number): GrantClaims | null {
      if (token.length > 1024) return null
      const [v, payload, sig, ...rest] = token.split('.')
      if (v !== version || !payload || !sig || rest.length > 0) return null
      if (!base64urlPattern.test(payload) || !base64urlPattern.test(sig)) return null
      const given = Buffer.from(sig, 'base64url')
      const expected = mac(`${v}.${payload}`)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      let claims: Partial<GrantClaims>
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<GrantClaims>
      } catch {
        return null
      }
      const { kind, transferId, proof, exp } = claims
      if (!kind || !kinds.includes(kind) || typeof transferId !== 'string' || typeof proof !== 'string') return null
      if (typeof exp !== 'number' || nowMs >= exp * 1000) return null
      return { kind, transferId, proof, exp }
    },
  }
}

export type GrantSigner = ReturnType<typeof createGrantSigner>
