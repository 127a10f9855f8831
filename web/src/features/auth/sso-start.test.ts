import { describe, expect, it } from 'vitest'
import { ssoStartPath } from './sso-start.js'

describe('ssoStartPath', () => {
  it('names the language, and the address when there is one (encoded)', () => {
    expect(ssoStartPath('en')).toBe('/auth/sso/start?language=en')
    expect(ssoStartPath('es', 'ana+x@acme.example')).toBe('/auth/sso/start?language=es&email=ana%2Bx%40acme.example')
  })
})
