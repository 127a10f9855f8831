import type { RecipientFunnel } from '@ferry/contracts/api/analytics'
import { describe, expect, it } from 'vitest'
import {
  allZero,
  bucketLabel,
  countryName,
  countryRows,
  deviceClassTotals,
  deviceRows,
  fileRows,
  formatPercent,
  funnelTotals,
  timeSeriesRows,
} from './chart-data.js'

const recipient = (id: string, steps: Partial<RecipientFunnel>): RecipientFunnel => ({
  recipient_id: id,
  email: `${id}@example.test`,
  sent_at: null,
  opened_at: null,
  previewed_at: null,
  downloaded_at: null,
  completed_at: null,
  ...steps,
})

describe('country names', () => {
  it('come from the browser in the UI language, with nothing fetched', () => {
    expect(countryName('DE', 'en')).toBe('Germany')
    expect(countryName('DE', 'es')).toBe('Alemania')
    expect(countryName('ES', 'es')).toBe('España')
  })

  it('leave an unlocated download to the caller, and show a code the browser does not know as it came', () => {
    expect(countryName('unknown', 'en')).toBeNull()
    expect(countryName('not a region', 'en')).toBe('not a region')
  })

  it('list countries by downloads, then by name in the language, naming the unknown place', () => {
    const rows = countryRows(
      [
        { country: 'unknown', downloads: 1 },
        { country: 'FR', downloads: 3 },
        { country: 'DE', downloads: 3 },
        { country: 'JP', downloads: 7 },
      ],
      'es',
      'Ubicación desconocida',
    )
    expect(rows.map((row) => [row.name, row.downloads])).toEqual([
      ['Japón', 7],
      ['Alemania', 3],
      ['Francia', 3],
      ['Ubicación desconocida', 1],
    ])
  })
})

describe('time series', () => {
  it('label day buckets by their UTC day, whatever the time zone, in each language', () => {
    expect(bucketLabel('2026-12-04T00:00:00.000Z', 'day', 'en')).toBe('Dec 4')
    expect(bucketLabel('2026-12-04T00:00:00.000Z', 'day', 'es')).toBe('4 dic')
  })

  it('label hour buckets with their hour', () => {
    const label = bucketLabel('2026-12-04T15:00:00.000Z', 'hour', 'en')
    expect(label).toMatch(/Dec \d+, \d+ (AM|PM)/)
  })

  it('keep every point and its values, with the label beside them', () => {
    const rows = timeSeriesRows(
      [
        { at: '2026-12-03T00:00:00.000Z', started: 2, completed: 1 },
        { at: '2026-12-04T00:00:00.000Z', started: 0, completed: 0 },
      ],
      'day',
      'en',
    )
    expect(rows).toEqual([
      { at: '2026-12-03T00:00:00.000Z', started: 2, completed: 1, label: 'Dec 3' },
      { at: '2026-12-04T00:00:00.000Z', started: 0, completed: 0, label: 'Dec 4' },
    ])
  })

  it('tell an all-empty series (nothing to draw) from one with a value', () => {
    expect(allZero([], ['completed'])).toBe(true)
    expect(allZero([{ at: 'x', completed: 0, started: 0 }], ['completed', 'started'])).toBe(true)
    expect(allZero([{ at: 'x', completed: 0, started: 1 }], ['completed', 'started'])).toBe(false)
  })
})

describe('devices', () => {
  const devices = [
    { device: 'desktop' as const, browser: 'Firefox', downloads: 2 },
    { device: 'mobile' as const, browser: 'Safari', downloads: 4 },
    { device: 'desktop' as const, browser: 'Chrome', downloads: 3 },
  ]

  it('sum the browsers of each device class for the chart, most first', () => {
    expect(deviceClassTotals(devices)).toEqual([
      { device: 'desktop', downloads: 5 },
      { device: 'mobile', downloads: 4 },
    ])
  })

  it('keep each device and browser for the table, most first', () => {
    expect(deviceRows(devices).map((row) => `${row.device}/${row.browser}`)).toEqual([
      'mobile/Safari',
      'desktop/Chrome',
      'desktop/Firefox',
    ])
  })
})

describe('recipient funnel', () => {
  it('counts the recipients who reached each step', () => {
    const at = '2026-12-04T10:00:00.000Z'
    const totals = funnelTotals([
      recipient('a', { sent_at: at, opened_at: at, downloaded_at: at, completed_at: at }),
      recipient('b', { sent_at: at, opened_at: at, previewed_at: at }),
      recipient('c', { sent_at: at }),
    ])
    expect(totals).toEqual([
      { step: 'sent', recipients: 3 },
      { step: 'opened', recipients: 2 },
      { step: 'previewed', recipients: 1 },
      { step: 'downloaded', recipients: 1 },
      { step: 'completed', recipients: 1 },
    ])
  })
})

describe('files', () => {
  it('name the ZIP row, and compute completion only where a download started', () => {
    const rows = fileRows(
      [
        { file_id: '00000000-0000-4000-8000-000000000001', name: 'report.pdf', started: 4, completed: 2 },
        { file_id: '00000000-0000-4000-8000-000000000002', name: 'photo.jpg', started: 0, completed: 0 },
        { file_id: null, name: '', started: 1, completed: 1 },
      ],
      'All files (ZIP)',
    )
    expect(rows.map((row) => [row.name, row.completion])).toEqual([
      ['report.pdf', 0.5],
      ['photo.jpg', null],
      ['All files (ZIP)', 1],
    ])
    expect(new Set(rows.map((row) => row.key)).size).toBe(3)
  })

  it('write shares as each language does', () => {
    expect(formatPercent(0.5, 'en')).toBe('50%')
    expect(formatPercent(0.5, 'es')).toBe('50\u00a0%')
    expect(formatPercent(null, 'en')).toBe('—')
  })
})
