import { describe, expect, it } from 'vitest'
import { loadCountryLookup } from './country-lookup.js'

describe('the offline country database', () => {
  it('maps fixture addresses to their countries from the bundled file alone', async () => {
    const country = await loadCountryLookup()
    // Addresses whose registration is stable: Deutsche Telekom, NTT (Japan), Telstra (Australia).
    expect(country('80.128.0.1')).toBe('DE')
    expect(country('::ffff:80.128.0.1')).toBe('DE')
    expect(country('2003::1')).toBe('DE')
    expect(country('1.120.0.1')).toBe('AU')
  })

  it('says unknown for private, loopback and malformed addresses', async () => {
    const country = await loadCountryLookup()
    expect(country('10.1.2.3')).toBe('unknown')
    expect(country('127.0.0.1')).toBe('unknown')
    expect(country('::1')).toBe('unknown')
    expect(country('nonsense')).toBe('unknown')
  })
})
