import { describe, expect, it } from 'vitest'
import { fileSizeParts, formatFileSize, formatSpeed } from './file-size.js'

describe('formatFileSize', () => {
  it('shows whole bytes below 1 KiB', () => {
    expect(formatFileSize(0)).toBe('0 B')
    expect(formatFileSize(1)).toBe('1 B')
    expect(formatFileSize(1023)).toBe('1,023 B')
  })

  it('steps by 1024 with binary unit names and at most one decimal', () => {
    expect(formatFileSize(1024)).toBe('1 KiB')
    expect(formatFileSize(1536)).toBe('1.5 KiB')
    expect(formatFileSize(300_000)).toBe('293 KiB')
    expect(formatFileSize(2_500_000)).toBe('2.4 MiB')
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MiB')
    expect(formatFileSize(120_000_000)).toBe('114.4 MiB')
    expect(formatFileSize(50 * 1024 ** 3)).toBe('50 GiB')
  })

  it('shows plan limits of 1024 GiB and more in TiB', () => {
    expect(formatFileSize(2 * 1024 ** 4)).toBe('2 TiB')
    expect(formatFileSize(5 * 1024 ** 5)).toBe('5,120 TiB')
  })

  it('moves to the next unit when rounding reaches 1024', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1 MiB')
    expect(formatFileSize(1024 ** 3 - 1024)).toBe('1 GiB')
  })

  it('formats the number in the given language', () => {
    expect(formatFileSize(120_000_000, { locale: 'es' })).toBe('114,4 MiB')
    expect(formatFileSize(2 * 1024 ** 4, { locale: 'es' })).toBe('2 TiB')
    expect(formatFileSize(1_536_000_000_000, { locale: 'en' })).toBe('1.4 TiB')
  })

  it('treats nonsense as zero', () => {
    expect(formatFileSize(-5)).toBe('0 B')
    expect(formatFileSize(Number.NaN)).toBe('0 B')
  })
})

describe('formatSpeed', () => {
  it('is a size per second', () => {
    expect(formatSpeed(4.4 * 1024 * 1024)).toBe('4.4 MiB/s')
    expect(formatSpeed(6.1 * 1024 * 1024, { locale: 'es' })).toBe('6,1 MiB/s')
  })
})

describe('fileSizeParts', () => {
  it('returns the value in the largest fitting unit', () => {
    expect(fileSizeParts(3 * 1024 * 1024)).toEqual({ value: 3, unit: 'MiB' })
  })
})
