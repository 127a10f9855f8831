import { createHmac, timingSafeEqual } from 'node:crypto'
import { isValidBlobKey, isValidPartNumber } from './blob-key.js'

/** What a signed upload URL allows: one key (one part of one upload), up to a size, until a time. */
export interface UploadClaims {
  key: string
  /** Both set for a part of a multipart upload, both absent for a whole object. */
  uploadId?: string
  partNumber?: number
  maxBytes: number
  /** Unix seconds. */
  expiresAt: number
  contentType?: string
}

export type VerifyResult = { ok: true; claims: UploadClaims } | { ok: false; reason: 'invalid' | 'expired' }

export const uploadIdPattern = /^[0-9a-f]{32}$/
// Canonical decimal only (no leading zeros), so one claim set has one spelling.
const decimal = /^(?:0|[1-9]\d{0,15})$/

/** HMAC-SHA256 signing of upload URLs for the local driver's `/blobs/*` route. */
export function createUploadSigner(secret: string) {
  if (secret.length < 16) throw new Error('The blob signing secret must have at least 16 characters')

  // Each field is validated on the way in and none may contain a newline, so one string means one claim set.
  const mac = (c: UploadClaims) =>
    createHmac('sha256', secret)
      .update(
        [
          'ferry-upload-v1',
          c.key,
          c.uploadId ?? '',
          c.partNumber ?? '',
          c.maxBytes,
          c.expiresAt,
          c.contentType ?? '',
        ].join('\n'),
      )
      .digest()

  return {
    /** The query string (without `?`) that authorises the claims. */
    sign(claims: UploadClaims): string {
      const params = new URLSearchParams()
      if (claims.uploadId !== undefined) params.set('uploadId', claims.uploadId)
      if (claims.partNumber !== undefined) params.set('partNumber', String(claims.partNumber))
      params.set('max', String(claims.maxBytes))
      params.set('exp', String(claims.expiresAt))
      if (claims.contentType !== undefined) params.set('ct', claims.contentType)
      params.set('sig', mac(claims).toString('base64url'))
      return params.toString()
    },

    /** Checks the signature first (timing-safe), then the expiry against `nowMs`. */
    verify(key: string, query: Record<string, string | undefined>, nowMs: number): VerifyResult {
      const claims = parseClaims(key, query)
      const given = query.sig === undefined ? null : Buffer.from(query.sig, 'base64url')
      if (!claims || !given) return { ok: false, reason: 'invalid' }
      const expected = mac(claims)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' }
      if (nowMs >= claims.expiresAt * 1000) return { ok: false, reason: 'expired' }
      return { ok: true, claims }
    },
  }
}

export type UploadSigner = ReturnType<typeof createUploadSigner>

function parseClaims(key: string, query: Record<string, string | undefined>): UploadClaims | null {
  const { uploadId, partNumber, max, exp, ct } = query
  if (!isValidBlobKey(key) || !max || !exp || !decimal.test(max) || !decimal.test(exp)) return null
  if ((uploadId === undefined) !== (partNumber === undefined)) return null
  if (ct !== undefined && /[\r\n]/.test(ct)) return null
  const claims: UploadClaims = { key, maxBytes: Number(max), expiresAt: Number(exp), contentType: ct }
  if (uploadId !== undefined && partNumber !== undefined) {
    if (!uploadIdPattern.test(uploadId) || !decimal.test(partNumber)) return null
    const n = Number(partNumber)
    if (!isValidPartNumber(n)) return null
    claims.uploadId = uploadId
    claims.partNumber = n
  }
  return claims
}
