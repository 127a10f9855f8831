import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hashRecoveryCode, newRecoveryCodes, normaliseRecoveryCode } from './recovery-codes.js'
import { createSecretBox } from './secret-box.js'

describe('the secret box (AES-256-GCM)', () => {
  const box = createSecretBox(randomBytes(32))

  it('opens what it sealed for the same owner, and never shows the secret in the sealed form', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1')
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(box.open(sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP')
    // A fresh IV each time: the same secret seals differently.
    expect(box.seal('JBSWY3DPEHPK3PXP', 'user-1')).not.toBe(sealed)
  })

  it('refuses a tampered value, another owner and another key', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1')
    const parts = sealed.split('.')
    const data = Buffer.from(parts[3]!, 'base64url')
    data[0] = (data[0] ?? 0) ^ 1
    const tampered = [...parts.slice(0, 3), data.toString('base64url')].join('.')
    expect(() => box.open(tampered, 'user-1')).toThrow()
    expect(() => box.open(sealed, 'user-2')).toThrow()
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'user-1')).toThrow()
    expect(() => box.open('plain', 'user-1')).toThrow()
  })
})

describe('recovery codes', () => {
  it('are ten distinct xxxxx-xxxxx codes', () => {
    const codes = newRecoveryCodes()
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/)
  })

  it('hash alike however they are typed, and differently under another key', () => {
    expect(normaliseRecoveryCode(' AB1CD - EF2GH ')).toBe('ab1cdef2gh')
    expect(hashRecoveryCode('k', 'ab1cd-ef2gh')).toBe(hashRecoveryCode('k', 'AB1CD EF2GH'))
    expect(hashRecoveryCode('k', 'ab1cd-ef2gh')).not.toBe(hashRecoveryCode('other', 'ab1cd-ef2gh'))
    expect(hashRecoveryCode('k', 'ab1cd-ef2gh')).toMatch(/^[0-9a-f]{64}$/)
  })
})
