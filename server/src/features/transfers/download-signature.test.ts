import { describe, expect, it } from 'vitest'
import { createDownloadSigner } from './download-signature.js'

describe('download signatures', () => {
  const signer = createDownloadSigner('a-secret-of-at-least-16-chars')
  const claims = { uniqueId: 'share-id-1234567890', fileKey: 'uploads/2026/01/abc' }
  const now = 1_800_000_000_000
  const signed = signer.sign({ ...claims, expiresAt: now / 1000 + 60 })

  it('verifies what it signed until it expires', () => {
    expect(signer.verify(claims, signed, now)).toBe('ok')
    expect(signer.verify(claims, signed, now + 60_000)).toBe('expired')
  })

  it('refuses another file, the ZIP, another transfer, a changed expiry or another secret', () => {
    expect(signer.verify({ ...claims, fileKey: 'uploads/2026/01/abd' }, signed, now)).toBe('invalid')
    expect(signer.verify({ ...claims, fileKey: null }, signed, now)).toBe('invalid')
    expect(signer.verify({ ...claims, uniqueId: 'share-id-0000000000' }, signed, now)).toBe('invalid')
    expect(signer.verify(claims, { ...signed, exp: String(Number(signed.exp) + 1) }, now)).toBe('invalid')
    expect(signer.verify(claims, { exp: signed.exp }, now)).toBe('invalid')
    expect(signer.verify(claims, { ...signed, exp: '01' }, now)).toBe('invalid')
    expect(createDownloadSigner('another-secret-of-16-chars').verify(claims, signed, now)).toBe('invalid')
  })
})
