import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-error.js'
import enCommon from '../../../locales/en/common.json'
import enErrors from '../../../locales/en/errors.json'
import esCommon from '../../../locales/es/common.json'
import esErrors from '../../../locales/es/errors.json'
import { googleErrorMessage } from './google-error-message.js'
import { GoogleSignInError } from './google-identity.js'

async function i18n(lng: 'en' | 'es') {
  const instance = i18next.createInstance()
  await instance.init({
    lng,
    fallbackLng: 'en',
    ns: ['common', 'errors'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, errors: enErrors }, es: { common: esCommon, errors: esErrors } },
    initAsync: false,
  })
  return instance
}

describe('googleErrorMessage', () => {
  it('gives the messages of spec/transfers.md §8 for each failure', async () => {
    const en = await i18n('en')
    expect(googleErrorMessage(en, new GoogleSignInError('not_configured'))).toBe(
      'Google authentication is not yet available. Please use email and password.',
    )
    expect(googleErrorMessage(en, new GoogleSignInError('load_failed'))).toBe(
      'Failed to load Google Sign In. Please try again.',
    )
    expect(googleErrorMessage(en, new GoogleSignInError('init_failed'))).toBe(
      'Failed to initialize Google Sign In. Please try again.',
    )
    expect(googleErrorMessage(en, new GoogleSignInError('failed'))).toBe('Google authentication failed')
    expect(googleErrorMessage(en, new Error('?'))).toBe('Google authentication failed')
  })

  it("shows the server's message when it refused the token, and nothing when the user closed Google", async () => {
    const en = await i18n('en')
    const unverified = new ApiError(
      401,
      'Your Google account email address is not verified.',
      'google_email_unverified',
    )
    expect(googleErrorMessage(en, new GoogleSignInError('failed', unverified))).toBe(unverified.detail)
    expect(googleErrorMessage(en, new GoogleSignInError('failed', new ApiError(502, 'An error occurred')))).toBe(
      'Google authentication failed',
    )
    expect(googleErrorMessage(en, new GoogleSignInError('cancelled'))).toBeNull()
  })

  it('speaks Spanish', async () => {
    const es = await i18n('es')
    expect(googleErrorMessage(es, new GoogleSignInError('not_configured'))).toBe(
      'La autenticación con Google aún no está disponible. Usa tu correo electrónico y contraseña.',
    )
  })
})
