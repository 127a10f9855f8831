import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import en from '../locales/en/errors.json'
import es from '../locales/es/errors.json'
import { ApiError } from './api-error.js'
import { countOf, errorMessage, errorValues, templateValues } from './error-message.js'

async function inLanguage(lng: 'en' | 'es') {
  const i18n = i18next.createInstance()
  await i18n.init({ lng, ns: ['errors'], resources: { en: { errors: en }, es: { errors: es } }, initAsync: false })
  return i18n
}
const spanish = () => inLanguage('es')

describe('templateValues', () => {
  it('reads the values the server put into the English template', () => {
    expect(templateValues('Maximum {n} recipients allowed', 'Maximum 5 recipients allowed')).toEqual({ n: '5' })
    expect(templateValues('Invalid email: {value}', 'Invalid email: a b@c')).toEqual({ value: 'a b@c' })
    expect(templateValues('Please add at least one file', 'Please add at least one file')).toEqual({})
    expect(templateValues('Files exceed your {size} limit', 'Something else')).toBeUndefined()
  })
})

describe('errorValues', () => {
  it('reads the number back from either English form of a counted message', () => {
    expect(errorValues('recipients_too_many', 'Only 1 recipient allowed')).toEqual({ n: '1' })
    expect(errorValues('recipients_too_many', 'Maximum 5 recipients allowed')).toEqual({ n: '5' })
    expect(errorValues('room_too_large', 'Your plan allows rooms of at most 3 participants.')).toEqual({ n: '3' })
  })

  it('gives nothing for an unknown code or a detail that follows no template', () => {
    expect(errorValues('no_such_code', 'Maximum 5 recipients allowed')).toBeUndefined()
    expect(errorValues('recipients_too_many', 'Something else')).toBeUndefined()
  })
})

describe('countOf', () => {
  it("turns a numeric {n} into i18next's count, and nothing else", () => {
    expect(countOf({ n: '1' })).toEqual({ count: 1 })
    expect(countOf({ n: '20' })).toEqual({ count: 20 })
    expect(countOf({ n: '' })).toEqual({})
    expect(countOf({ n: 'many' })).toEqual({})
    expect(countOf({ value: 'x' })).toEqual({})
    expect(countOf(undefined)).toEqual({})
  })
})

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

  it('picks the singular or plural form by the number in the server text, in English and Spanish', async () => {
    const one = new ApiError(403, 'Your plan allows rooms of at most 1 participant.', 'room_too_large')
    const three = new ApiError(403, 'Your plan allows rooms of at most 3 participants.', 'room_too_large')
    const english = await inLanguage('en')
    expect(errorMessage(english, one)).toBe('Your plan allows rooms of at most 1 participant.')
    expect(errorMessage(english, three)).toBe('Your plan allows rooms of at most 3 participants.')
    const spanishI18n = await spanish()
    expect(errorMessage(spanishI18n, one)).toBe('Tu plan permite salas de como máximo 1 participante.')
    expect(errorMessage(spanishI18n, three)).toBe('Tu plan permite salas de como máximo 3 participantes.')
  })
})
