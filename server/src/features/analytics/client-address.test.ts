import { describe, expect, it } from 'vitest'
import { canonicalAddress, hashAddress, keepAddress, truncateAddress } from './client-address.js'

describe('what the event log keeps of a client address', () => {
  it('keeps the /24 of an IPv4 address, also when Node reports it mapped into IPv6', () => {
    expect(truncateAddress('203.0.113.77')).toBe('203.0.113.0/24')
    expect(truncateAddress('::ffff:203.0.113.77')).toBe('203.0.113.0/24')
  })

  it('keeps the /48 of an IPv6 address, whatever its spelling', () => {
    expect(truncateAddress('2001:db8:1234:5678::9')).toBe('2001:db8:1234::/48')
    expect(truncateAddress('2001:0DB8:0000:ffff:0:0:0:1')).toBe('2001:db8:0::/48')
    expect(truncateAddress('::1')).toBe('0:0:0::/48')
    expect(canonicalAddress('::ffff:1.2.3.4')).toBe('1.2.3.4')
    expect(canonicalAddress('64:ff9b::1.2.3.4')).toBe('0064:ff9b:0000:0000:0000:0000:0102:0304')
  })

  it('refuses what is not an address', () => {
    expect(truncateAddress('not-an-ip')).toBeNull()
    expect(keepAddress('', 'key')).toBeNull()
  })

  it('hashes with the key: the same address alike in either spelling, another address or key otherwise', () => {
    const a = hashAddress('203.0.113.77', 'key-1')
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(hashAddress('::ffff:203.0.113.77', 'key-1')).toBe(a)
    expect(hashAddress('203.0.113.78', 'key-1')).not.toBe(a)
    expect(hashAddress('203.0.113.77', 'key-2')).not.toBe(a)
    expect(hashAddress('2001:db8::1', 'k')).toBe(hashAddress('2001:0db8:0:0:0:0:0:1', 'k'))
  })

  it('never holds the full address', () => {
    const kept = keepAddress('198.51.100.23', 'key')!
    expect(JSON.stringify(kept)).not.toContain('198.51.100.23')
  })
})
