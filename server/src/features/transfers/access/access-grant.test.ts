import { describe, expect, it } from 'vitest'
import { createGrantSigner, proofOf } from './access-grant.js'

const signer = createGrantSigner('a test secret of enough length')
const claims = { kind: 'password' as const, transferId: 't-1', proof: proofOf('$argon2id$v=19$...$one'), exp: 2_000 }

describe('access grants', () => {
  it('reads back what it issued until it expires', () => {
    const token = signer.issue(claims)
    expect(signer.read(token, 1_999_000)).toEqual(claims)
    expect(signer.read(token, 2_000_000)).toBeNull()
  })

  it('refuses a token changed anywhere, or signed with another secret', () => {
    const token = signer.issue(claims)
    const [v, payload, sig] = token.split('.') as [string, string, string]
    const forged = Buffer.from(JSON.stringify({ ...claims, transferId: 't-2' })).toString('base64url')
    for (const bad of [
      `${v}.${forged}.${sig}`,
      `${v}.${payload}.${sig.slice(0, -2)}AA`,
      `g2.${payload}.${sig}`,
      `${token}.extra`,
      createGrantSigner('another secret of enough length').issue(claims),
      '',
      'nonsense',
    ]) {
      expect(signer.read(bad, 0), bad).toBeNull()
    }
  })

  it('fingerprints each stored hash differently, so a new password (even the same one) has a new proof', () => {
    expect(proofOf('$argon2id$v=19$m=19456,t=2,p=1$saltA$hash')).not.toBe(
      proofOf('$argon2id$v=19$m=19456,t=2,p=1$saltB$hash'),
    )
    expect(proofOf('$argon2id$x')).toBe(proofOf('$argon2id$x'))
    expect(proofOf('$argon2id$x')).not.toContain('argon2')
  })
})
