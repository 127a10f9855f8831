import { describe, expect, it } from 'vitest'
import { validateAuthForm } from './auth-form-validation.js'

const good = { name: '  Ana Lima ', email: ' Ana@Example.COM ', password: 'correct horse' }

describe('validateAuthForm', () => {
  it('returns the normalised signup body', () => {
    expect(validateAuthForm('signup', good)).toEqual({
      ok: true,
      mode: 'signup',
      body: { name: 'Ana Lima', email: 'ana@example.com', password: 'correct horse' },
    })
  })

  it('leaves the name out of a login, even when the field holds nothing', () => {
    expect(validateAuthForm('login', { ...good, name: '' })).toEqual({
      ok: true,
      mode: 'login',
      body: { email: 'ana@example.com', password: 'correct horse' },
    })
  })

  it('requires every field, the name only on signup', () => {
    const empty = { name: ' ', email: ' ', password: '' }
    expect(validateAuthForm('signup', empty)).toEqual({
      ok: false,
      errors: { name: 'nameRequired', email: 'emailRequired', password: 'passwordRequired' },
    })
    expect(validateAuthForm('login', empty)).toEqual({
      ok: false,
      errors: { email: 'emailRequired', password: 'passwordRequired' },
    })
  })

  it('refuses a password under 8 characters in both modes, and accepts exactly 8', () => {
    for (const mode of ['login', 'signup'] as const) {
      expect(validateAuthForm(mode, { ...good, password: '1234567' })).toEqual({
        ok: false,
        errors: { password: 'passwordTooShort' },
      })
      expect(validateAuthForm(mode, { ...good, password: '12345678' }).ok).toBe(true)
    }
  })

  it('refuses malformed and overlong emails, overlong names and passwords', () => {
    for (const email of ['ana', 'ana@', '@example.com', 'ana example@x.com']) {
      expect(validateAuthForm('login', { ...good, email }), email).toEqual({
        ok: false,
        errors: { email: 'emailInvalid' },
      })
    }
    expect(validateAuthForm('login', { ...good, email: `${'a'.repeat(250)}@x.io` })).toEqual({
      ok: false,
      errors: { email: 'emailTooLong' },
    })
    expect(validateAuthForm('signup', { ...good, name: 'n'.repeat(101) })).toEqual({
      ok: false,
      errors: { name: 'nameTooLong' },
    })
    expect(validateAuthForm('signup', { ...good, password: 'p'.repeat(1025) })).toEqual({
      ok: false,
      errors: { password: 'passwordTooLong' },
    })
  })
})
