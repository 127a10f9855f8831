import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import es from '../locales/es/errors.json'
import { ApiError } from './api-error.js'
import { errorMessage } from './error-message.js'

async function spanish() {
  const i18n = i18next.createInstance()
  await i18n.init({ lng: 'es', ns: ['errors'], resources: { es: { errors: es } }, initAsync: false })
  return i18n
}

describe('errorMessage', () => {
  it('translates a known error code', async () => {
    const i18n = await spanish()
    expect(errorMessage(i18n, new ApiError(429, 'Too many requests.', 'rate_limited'))).toBe(
      'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
    )
  })

  it("falls back to the server's detail for an unknown code, and to the generic message otherwise", async () => {
    const i18n = await spanish()
    expect(errorMessage(i18n, new ApiError(403, 'Transfer exceeds your plan limits.', 'plan_limit'))).toBe(
      'Transfer exceeds your plan limits.',
    )
    expect(errorMessage(i18n, new Error('boom'))).toBe('Se produjo un error')
  })
})
