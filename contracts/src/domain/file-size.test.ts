import { describe, expect, it } from 'vitest'
import { fileSizeParts, formatFileSize } from './file-size.js'

describe('formatFileSize', () => {
  it('shows whole bytes below 1 KB', () => {
    expect(formatFileSize(0)).toBe('0 B')
    expect(formatFileSize(1)).toBe('1 B')
    expect(formatFileSize(1023)).toBe('1,023 B')
  })

  it('uses steps of 1024 with two decimals', () => {
    expect(formatFileSize(1024)).toBe('1.00 KB')
    expect(formatFileSize(1536)).toBe('1.50 KB')
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.00 MB')
    expect(formatFileSize(120_000_000)).toBe('114.44 MB')
    expect(formatFileSize(2 * 1024 ** 3)).toBe('2.00 GB')
  })

  it('stops at GB', () => {
    expect(formatFileSize(2 * 1024 ** 4)).toBe('2,048.00 GB')
  })

  it('moves to the next unit when rounding reaches 1024', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1.00 MB')
  })

  it('formats the number in the given language', () => {
    expect(formatFileSize(120_000_000, { locale: 'es' })).toBe('114,44 MB')
    expect(formatFileSize(2 * 1024 ** 4, { locale: 'es' })).toBe('2048,00 GB')
    expect(formatFileSize(1_536_000_000_000, { locale: 'en' })).toBe('1,430.51 GB')
  })

  it('takes another number of decimals', () => {
    expect(formatFileSize(1536, { decimals: 1 })).toBe('1.5 KB')
    expect(formatFileSize(100, { decimals: 1 })).toBe('100 B')
  })

  it('treats nonsense as zero', () => {
    expect(formatFileSize(-5)).toBe('0 B')
    expect(formatFileSize(Number.NaN)).toBe('0 B')
  })
})

describe('fileSizeParts', () => {
  it('returns the value in the largest fitting unit', () => {
    expect(fileSizeParts(3 * 1024 * 1024)).toEqual({ value: 3, unit: 'MB' })
  })
})
