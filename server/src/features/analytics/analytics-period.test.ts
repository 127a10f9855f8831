import { describe, expect, it } from 'vitest'
import { AppError } from '../../errors.js'
import { bucketFor, bucketsOf, parsePeriod } from './analytics-period.js'

const now = new Date('2026-03-10T15:30:00Z')

function refusal(query: { from?: string; to?: string }) {
  try {
    parsePeriod(query, now)
  } catch (error) {
    return error instanceof AppError ? { status: error.status, code: error.code, detail: error.message } : error
  }
  return 'accepted'
}

describe('the period of the analytics panel', () => {
  it('is the last 30 days by default', () => {
    expect(parsePeriod({}, now)).toEqual({ from: new Date('2026-02-08T15:30:00Z'), to: now })
  })

  it('reads bare dates as whole UTC days and times as they are', () => {
    expect(parsePeriod({ from: '2026-03-01', to: '2026-03-01' }, now)).toEqual({
      from: new Date('2026-03-01T00:00:00Z'),
      to: new Date('2026-03-02T00:00:00Z'),
    })
    expect(parsePeriod({ from: '2026-03-01T10:00:00+02:00', to: '2026-03-01T12:00:00Z' }, now).from).toEqual(
      new Date('2026-03-01T08:00:00Z'),
    )
  })

  it('answers 422 with a reason for a bad, impossible or reversed date, or a period over 400 days', () => {
    expect(refusal({ from: 'yesterday' })).toMatchObject({ status: 422, code: 'analytics_period_invalid' })
    expect(refusal({ from: '2026-02-30' })).toMatchObject({ status: 422, detail: expect.stringContaining('real date') })
    expect(refusal({ from: '2026-03-05', to: '2026-03-01' })).toMatchObject({
      status: 422,
      detail: 'from must come before to.',
    })
    expect(refusal({ from: '2024-01-01', to: '2026-01-01' })).toMatchObject({ status: 422 })
    expect(refusal({ from: '2025-01-01', to: '2026-01-01' })).toBe('accepted')
  })

  it('counts per hour up to 48 hours and per day beyond, every bucket listed', () => {
    const twoDays = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-03T00:00:00Z') }
    expect(bucketFor(twoDays)).toBe('hour')
    expect(bucketsOf(twoDays, 'hour')).toHaveLength(48)
    const week = { from: new Date('2026-03-01T12:00:00Z'), to: new Date('2026-03-08T00:00:00Z') }
    expect(bucketFor(week)).toBe('day')
    expect(bucketsOf(week, 'day').map((d) => d.toISOString().slice(0, 10))).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ])
  })
})
