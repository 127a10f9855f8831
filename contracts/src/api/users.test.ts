import { describe, expect, it } from 'vitest'
import { loginRequest, registerRequest } from './auth.js'
import { isAdmin, normaliseEmail } from './users.js'

describe('users contract', () => {
  it('recognises ADMIN in any case, and nothing else', () => {
    expect(['ADMIN', 'admin', 'Admin'].map(isAdmin)).toEqual([true, true, true])
    expect(['FREE', 'PREMIUM', 'ADMINISTRATOR', '', null, undefined].map(isAdmin)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ])
  })

  it('normalises emails the same way in the helper and in the request schemas', () => {
    expect(normaliseEmail('  Ann@Example.COM\t')).toBe('ann@example.com')
    expect(loginRequest.parse({ email: ' Ann@Example.COM ', password: 'x' }).email).toBe('ann@example.com')
    const parsed = registerRequest.parse({ email: 'ANN@example.com ', password: 'password1', name: '  Ann  ' })
    expect(parsed).toEqual({ email: 'ann@example.com', password: 'password1', name: 'Ann' })
  })

  it('names the problem in each refusal', () => {
    const messages = (input: unknown) => registerRequest.safeParse(input).error?.issues.map((i) => i.message)
    expect(messages({ email: 'a@b.co', password: '1234567', name: 'A' })).toEqual([
      'Password must be at least 8 characters.',
    ])
    expect(messages({ email: 'a@b', password: '12345678', name: 'A' })).toEqual(['Please enter a valid email address.'])
    expect(messages({})).toEqual(['Email is required.', 'Password is required.', 'Name is required.'])
  })
})
