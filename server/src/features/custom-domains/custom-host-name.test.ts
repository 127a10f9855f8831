import { describe, expect, it } from 'vitest'
import { hostOnly, normalizeCustomHost } from './custom-host-name.js'

describe('normalizeCustomHost', () => {
  it('lowercases, drops a trailing dot and IDNA-encodes', () => {
    expect(normalizeCustomHost(' Files.Example.COM. ')).toBe('files.example.com')
    expect(normalizeCustomHost('bücher.example')).toBe('xn--bcher-kva.example')
  })

  it.each([
    '',
    '127.0.0.1',
    '::1',
    '[::1]',
    'localhost',
    'files.example.com:443',
    'https://files.example.com',
    'files.example.com/x',
    'a..example.com',
    '-a.example.com',
    'a-.example.com',
    'under_score.example.com',
    '1.2.3.999',
    `${'a'.repeat(64)}.example.com`,
    'user@example.com',
  ])('refuses %j', (input) => {
    expect(normalizeCustomHost(input)).toBeNull()
  })
})

describe('hostOnly', () => {
  it('drops the port and lowercases', () => {
    expect(hostOnly('Files.Example.com:8443')).toBe('files.example.com')
    expect(hostOnly('files.example.com.')).toBe('files.example.com')
    expect(hostOnly('[::1]:3000')).toBe('[::1]')
  })
})
