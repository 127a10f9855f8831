import { createHmac, timingSafeEqual } from 'node:crypto'

/** What a sender's signed download link allows: one file of a transfer (or its ZIP), until a time. */
export interface DownloadClaims {
  uniqueId: string
  /** null for the ZIP of all files. */
  fileKey: string | null
  /** Unix seconds. */
  expiresAt: number
}

export type DownloadVerdict = 'ok' | 'invalid' | 'expired'

const decimal = /^(?:0|[1-9]\d{0,15})$/

/**
 * HMAC-SHA256 links for the sender's downloads on local storage (where there is no presigned
 * store URL): the share download route serves them without counting a recipient download.
 */
export function createDownloadSigner(secret: string) {
  if (secret.length < 16) throw new Error('The download signing secret must have at least 16 characters')
  // No field may contain a newline (keys, share ids and decimals cannot), so one string means one claim set.
  const mac = (c: DownloadClaims) =>
    createHmac('sha256', secret)
      .update(['ferry-download-v1', c.uniqueId, c.fileKey ?? '*zip*', c.expiresAt].join('\n'))
      .digest()

  return {
    /** The query parameters (exp, sig) that authorise the claims. */
    sign(claims: DownloadClaims): { exp: string; sig: string } {
      return { exp: String(claims.expiresAt), sig: mac(claims).toString('base64url') }
    },

    /** Signature first (timing-safe), then the expiry against `nowMs`. */
    verify(
      claims: Omit<DownloadClaims, 'expiresAt'>,
      query: { exp?: string; sig?: string },
      nowMs: number,
    ): DownloadVerdict {
      if (!query.exp || !query.sig || !decimal.test(query.exp)) return 'invalid'
      const expiresAt = Number(query.exp)
      const given = Buffer.from(query.sig, 'base64url')
      const expected = mac({ ...claims, expiresAt })
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid'
      return nowMs >= expiresAt * 1000 ? 'expired' : 'ok'
    },
  }
}

export type DownloadSigner = ReturnType<typeof createDownloadSigner>
