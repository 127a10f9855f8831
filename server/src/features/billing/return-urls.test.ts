import { describe, expect, it } from 'vitest'
import { resolveReturnUrl, withSessionId } from './return-urls.js'

const origins = ['http://127.0.0.1:3000', 'https://ferry.example']

describe('resolveReturnUrl', () => {
  it('makes paths absolute on the first origin and keeps the session placeholder', () => {
    const url = resolveReturnUrl('/upgrade/success?session_id={CHECKOUT_SESSION_ID}', origins)
    expect(url).toBe('http://127.0.0.1:3000/upgrade/success?session_id={CHECKOUT_SESSION_ID}')
    expect(withSessionId(url, 'cs_1')).toBe('http://127.0.0.1:3000/upgrade/success?session_id=cs_1')
  })

  it('accepts absolute URLs of a known origin', () => {
    expect(resolveReturnUrl('https://ferry.example/upgrade', origins)).toBe('https://ferry.example/upgrade')
  })

  it.each([
    'https://evil.example/upgrade',
    '//evil.example/upgrade',
    '/\\evil.example',
    'javascript:alert(1)',
    'upgrade',
    'http://127.0.0.1:3001/x',
  ])('refuses %s', (raw) => {
    expect(() => resolveReturnUrl(raw, origins)).toThrow(
      expect.objectContaining({ code: 'checkout_return_url_invalid' }),
    )
  })
})
