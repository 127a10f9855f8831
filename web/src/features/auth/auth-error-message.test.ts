import { errorMessages } from '@ferry/contracts/errors'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-error.js'
import en from '../../locales/en/errors.json'
import es from '../../locales/es/errors.json'
import { authErrorMessage } from './auth-error-message.js'

async function i18n(lng: 'en' | 'es') {
  const instance = i18next.createInstance()
  await instance.init({
    lng,
    fallbackLng: 'en',
    ns: ['errors'],
    resources: { en: { errors: en }, es: { errors: es } },
    initAsync: false,
  })
  return instance
}

const rateLimited = new ApiError(429, 'Too many attempts. Please wait 15 minutes and try again.', 'rate_limited')
const invalid = new ApiError(400, 'password: Password must be at least 8 characters.', 'validation_failed')

describe('authErrorMessage', () => {
  it("shows the server's message for a known code, translated in Spanish", async () => {
    const taken = new ApiError(409, 'An account with this email already exists. Please log in instead.', 'email_taken')
    expect(authErrorMessage(await i18n('en'), taken)).toBe(taken.detail)
    expect(authErrorMessage(await i18n('es'), taken)).toBe(
      'Ya existe una cuenta con este correo electrónico. Inicia sesión en su lugar.',
    )
  })

  it('keeps the specific English sentence of a rate limit or validation failure', async () => {
    expect(authErrorMessage(await i18n('en'), rateLimited)).toBe(rateLimited.detail)
    expect(authErrorMessage(await i18n('en'), invalid)).toBe(invalid.detail)
    expect(authErrorMessage(await i18n('es'), rateLimited)).toBe(es.rate_limited)
  })

  it("uses an unknown code's detail, and the generic message for anything else", async () => {
    expect(authErrorMessage(await i18n('es'), new ApiError(418, 'No tea here', 'teapot'))).toBe('No tea here')
    expect(authErrorMessage(await i18n('en'), new TypeError('x'))).toBe('An error occurred')
  })
})

describe('English error texts of the auth codes', () => {
  it("are the server's messages, verbatim (spec/transfers.md §8)", () => {
    const codes = [
      'invalid_credentials',
      'email_taken',
      'google_not_configured',
      'google_auth_failed',
      'google_email_unverified',
      'google_unavailable',
      'unauthorized',
      'forbidden',
    ] as const
    for (const code of codes) expect(en[code], code).toBe(errorMessages[code])
  })
})
