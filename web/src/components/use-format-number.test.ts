import { formatFileSize, formatSpeed } from '@ferry/contracts/domain/file-size'
import { describe, expect, it } from 'vitest'
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
})
