import { describe, expect, it } from 'vitest'
import { apiErrorMessage } from './errors.js'

describe('apiErrorMessage', () => {
  it('adds what to do next to the server’s sentence', () => {
    expect(apiErrorMessage(401, 'unauthorized', 'Not signed in.')).toBe(
      'Not signed in. Your key is missing, revoked or wrong: run `ferry login`.',
    )
    expect(apiErrorMessage(403, 'plan_feature_missing', 'Password protection is not in your plan.')).toContain(
      'upgrade',
    )
    expect(apiErrorMessage(403, 'scope_missing', 'This key lacks transfers:write.')).toContain('scope')
    expect(apiErrorMessage(413, 'transfer_too_large', 'Files exceed your 2 GiB limit')).toContain('plan')
  })

  it('leaves a transfer’s own lock alone: it is no login problem', () => {
    expect(apiErrorMessage(401, 'password_incorrect', 'The password is not correct.')).toBe(
      'The password is not correct.',
    )
  })

  it('says what answered when the server gave no sentence', () => {
    expect(apiErrorMessage(500, undefined, '')).toBe('The server answered 500.')
  })
})
