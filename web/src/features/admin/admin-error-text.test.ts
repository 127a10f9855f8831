import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { ApiError, networkErrorMessage } from '../../lib/api-error.js'
import en from '../../locales/en/errors.json'
import { adminErrorText, isAccessDenied } from './admin-error-text.js'

async function english() {
  const i18n = i18next.createInstance()
  await i18n.init({ lng: 'en', ns: ['errors'], resources: { en: { errors: en } }, initAsync: false })
  return i18n
}

const fallback = 'Failed to delete user. Please try again.'

describe('adminErrorText (spec/accounts.md §8)', () => {
  it("shows the server's message: translated by code, else its detail", async () => {
    const i18n = await english()
    expect(adminErrorText(i18n, new ApiError(409, 'x', 'admin_last_admin'), fallback)).toBe(
      'The last administrator cannot be demoted or deleted.',
    )
    expect(adminErrorText(i18n, new ApiError(409, 'Something specific.', 'unknown_code'), fallback)).toBe(
      'Something specific.',
    )
  })

  it('falls back when the server never answered, or answered nothing usable', async () => {
    const i18n = await english()
    expect(adminErrorText(i18n, new ApiError(0, networkErrorMessage, 'network_error'), fallback)).toBe(fallback)
    expect(adminErrorText(i18n, new ApiError(500, '', undefined), fallback)).toBe(fallback)
    expect(adminErrorText(i18n, new Error('boom'), fallback)).toBe(fallback)
  })

  it('knows a 403 for Access Denied', () => {
    expect(isAccessDenied(new ApiError(403, 'No', 'forbidden'))).toBe(true)
    expect(isAccessDenied(new ApiError(401, 'No', 'unauthorized'))).toBe(false)
  })
})
