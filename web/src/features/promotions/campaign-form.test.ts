import { describe, expect, it } from 'vitest'
import { fromLocalInput, initialValues, toLocalInput } from './campaign-form.js'

describe('campaign form values', () => {
  it('round-trips a date through the datetime-local input', () => {
    const date = new Date(2026, 11, 4, 21, 30)
    expect(toLocalInput(date)).toBe('2026-12-04T21:30')
    expect(fromLocalInput(toLocalInput(date))).toBe(date.toISOString())
  })

  it('reads an empty or broken input as no date', () => {
    expect(fromLocalInput('')).toBeNull()
    expect(fromLocalInput('not a date')).toBeNull()
  })

  it('starts a new campaign now, for 30 days, in any language, active', () => {
    const now = new Date(2026, 0, 1, 9, 0)
    expect(initialValues(null, now)).toEqual({
      link_url: '',
      alt: '',
      language: 'any',
      starts: '2026-01-01T09:00',
      ends: '2026-01-31T09:00',
      active: true,
    })
  })
})
