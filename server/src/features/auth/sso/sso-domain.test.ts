import { describe, expect, it } from 'vitest'
import { emailDomainOf, normalizeEmailDomain, ssoTxtName } from './sso-domain.js'

describe('sso domains', () => {
  it('normalises an email domain and refuses what is not one', () => {
    expect(normalizeEmailDomain(' @Example.COM ')).toBe('example.com')
    expect(normalizeEmailDomain('bücher.example')).toBe('xn--bcher-kva.example')
    expect(normalizeEmailDomain('localhost')).toBeUndefined()
    expect(normalizeEmailDomain('10.0.0.1')).toBeUndefined()
    expect(normalizeEmailDomain('a..b')).toBeUndefined()
    expect(normalizeEmailDomain('-a.com')).toBeUndefined()
  })

  it('reads the domain of an address and names its TXT record', () => {
    expect(emailDomainOf('Ana@Acme.Example')).toBe('acme.example')
    expect(ssoTxtName('acme.example')).toBe('_ferry-sso.acme.example')
  })
})
