import { transferPasswordMaxLength, transferPasswordMinLength } from '@ferry/contracts/api/transfers'
import { describe, expect, it } from 'vitest'
import { generatePassphrase, passphraseWordCount, passphraseWords } from './passphrase.js'

describe('generatePassphrase', () => {
  it('draws from 256 distinct words', () => {
    expect(new Set(passphraseWords).size).toBe(256)
  })

  it('makes five words and a number, fit for a transfer password', () => {
    const phrase = generatePassphrase()
    const parts = phrase.split('-')
    expect(parts).toHaveLength(passphraseWordCount + 1)
    for (const word of parts.slice(0, -1)) expect(passphraseWords).toContain(word)
    expect(Number(parts.at(-1))).toBeGreaterThanOrEqual(10)
    expect(phrase.length).toBeGreaterThanOrEqual(transferPasswordMinLength)
    expect(phrase.length).toBeLessThanOrEqual(transferPasswordMaxLength)
  })

  it('differs from one call to the next', () => {
    const phrases = new Set(Array.from({ length: 20 }, () => generatePassphrase()))
    expect(phrases.size).toBe(20)
  })

  it('refuses the top of the random range that would favour small numbers', () => {
    // Five words (256 divides 2^32: every value is fair), then the number: 90 does not, so the
    // last 2^32 mod 90 values are drawn again.
    const values = [3, 1, 2, 4, 5, 0xffff_ffff, 7]
    const random = (array: Uint32Array) => {
      array[0] = values.shift() ?? 0
      return array
    }
    expect(generatePassphrase(random)).toBe(`${[3, 1, 2, 4, 5].map((i) => passphraseWords[i]).join('-')}-17`)
  })
})
