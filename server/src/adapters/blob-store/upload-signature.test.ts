import { describe, expect, it } from 'vitest'
import { createUploadSigner, type UploadClaims } from './upload-signature.js'

const signer = createUploadSigner('0123456789abcdef0123')
const now = Date.UTC(2030, 0, 1)
const claims: UploadClaims = { key: 'a/b.bin', maxBytes: 1000, expiresAt: now / 1000 + 60, contentType: 'image/png' }
const query = (c: UploadClaims) => Object.fromEntries(new URLSearchParams(signer.sign(c)))

describe('upload signatures', () => {
  it('verifies what it signed, until the expiry', () => {
    expect(signer.verify('a/b.bin', query(claims), now)).toEqual({ ok: true, claims })
    expect(signer.verify('a/b.bin', query(claims), now + 59_999).ok).toBe(true)
    expect(signer.verify('a/b.bin', query(claims), now + 60_000)).toEqual({ ok: false, reason: 'expired' })
  })

  it('binds a part URL to its upload and part number', () => {
    const part = { ...claims, uploadId: 'ab'.repeat(16), partNumber: 7, contentType: undefined }
    expect(signer.verify('a/b.bin', query(part), now)).toEqual({ ok: true, claims: part })
    expect(signer.verify('a/b.bin', { ...query(part), partNumber: '8' }, now).ok).toBe(false)
    expect(signer.verify('a/b.bin', { ...query(part), partNumber: '07' }, now).ok).toBe(false)
  })

  it('refuses another secret, another key, a changed or differently spelled field, a missing field', () => {
    const other = createUploadSigner('another-secret-0123456789')
    const q = query(claims)
    expect(other.verify('a/b.bin', q, now).ok).toBe(false)
    expect(signer.verify('a/c.bin', q, now).ok).toBe(false)
    expect(signer.verify('a/b.bin', { ...q, max: '01000' }, now).ok).toBe(false)
    expect(signer.verify('a/b.bin', { ...q, ct: undefined }, now).ok).toBe(false)
    expect(signer.verify('a/b.bin', { ...q, sig: undefined }, now).ok).toBe(false)
    expect(signer.verify('a/b.bin', { ...q, uploadId: 'ab'.repeat(16) }, now).ok).toBe(false)
    expect(signer.verify('../b.bin', q, now).ok).toBe(false)
  })

  it('reports a forged URL as invalid even when its expiry has passed', () => {
    expect(signer.verify('a/b.bin', { ...query(claims), sig: 'AAAA' }, now + 3_600_000)).toEqual({
      ok: false,
      reason: 'invalid',
    })
  })

  it('needs a secret of at least 16 characters', () => {
    expect(() => createUploadSigner('short')).toThrow(/16 characters/)
  })
})
