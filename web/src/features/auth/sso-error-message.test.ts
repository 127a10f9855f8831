import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import enErrors from '../../locales/en/errors.json'
import esErrors from '../../locales/es/errors.json'
import { ssoErrorMessage } from './sso-error-message.js'

const i18n = i18next.createInstance()
await i18n.init({ lng: 'es', resources: { en: { errors: enErrors }, es: { errors: esErrors } }, ns: ['errors'] })

describe('ssoErrorMessage', () => {
  it('translates the code the callback sent back', () => {
    expect(ssoErrorMessage(i18n, 'sso_group_not_allowed')).toBe(esErrors.sso_group_not_allowed)
  })

  it('reads an unknown or made-up code as the generic failure', () => {
    expect(ssoErrorMessage(i18n, 'sso_nonsense')).toBe(esErrors.sso_failed)
    expect(ssoErrorMessage(i18n, 'generic')).toBe(esErrors.sso_failed)
  })
})
