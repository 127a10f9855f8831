import { formatFileSize, formatSpeed } from '@ferry/contracts/domain/file-size'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import en from '../locales/en/admin.json'
import es from '../locales/es/admin.json'
import { formatNumber } from './use-format-number.js'

describe('number formats follow the language (walk ES.4)', () => {
  it('groups and marks decimals as each language does', () => {
    expect(formatNumber(12345, 'en')).toBe('12,345')
    expect(formatNumber(12345, 'es')).toBe('12.345')
    expect(formatNumber(6.1, 'en')).toBe('6.1')
    expect(formatNumber(6.1, 'es')).toBe('6,1')
  })

  it('sizes and speeds use the same convention: never "6.1 MiB/s" next to "8,2 MiB/s"', () => {
    const sixPointOne = 6.1 * 1024 * 1024
    expect(formatSpeed(sixPointOne, { locale: 'en' })).toBe('6.1 MiB/s')
    expect(formatSpeed(sixPointOne, { locale: 'es' })).toBe('6,1 MiB/s')
    expect(formatFileSize(1536, { locale: 'es' })).toBe('1,5 KiB')
    expect(formatFileSize(1536, { locale: 'en' })).toBe('1.5 KiB')
  })

  it('counted texts write their number the same way, in the right plural form ("1 user", "12.345 usuarios")', async () => {
    const i18n = i18next.createInstance()
    await i18n.init({
      lng: 'es',
      ns: ['admin'],
      defaultNS: 'admin',
      resources: { en: { admin: en }, es: { admin: es } },
      interpolation: { escapeValue: false },
      initAsync: false,
    })
    const inSpanish = i18n.getFixedT('es', 'admin')
    expect(inSpanish('storage.userCount', { count: 12345 })).toBe('12.345 usuarios')
    expect(inSpanish('storage.userCount', { count: 1 })).toBe('1 usuario')
    const inEnglish = i18n.getFixedT('en', 'admin')
    expect(inEnglish('storage.userCount', { count: 12345 })).toBe('12,345 users')
    expect(inEnglish('storage.transferCount', { count: 1 })).toBe('1 transfer')
  })
})
