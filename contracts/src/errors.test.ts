import { describe, expect, it } from 'vitest'
import { errorMessages, errorTemplates, errorText, singularErrorMessages } from './errors.js'

describe('errorText', () => {
  it('says one thing in the singular and more in the plural, never "(s)"', () => {
    expect(errorText('recipients_too_many', { n: 1 })).toBe('Only 1 recipient allowed')
    expect(errorText('recipients_too_many', { n: 5 })).toBe('Maximum 5 recipients allowed')
    expect(errorText('request_too_many_files', { n: 1 })).toBe('This request accepts at most 1 file.')
    expect(errorText('request_too_many_files', { n: 0 })).toBe('This request accepts at most 0 files.')
    expect(errorText('transfer_daily_limit', { n: '1' })).toMatch(/^Your plan allows 1 transfer per day\./)
    expect(errorText('rooms_limit_reached', { n: 20 })).toMatch(/^You already host 20 open rooms,/)
  })

  it('fills every placeholder it is given and leaves a message without one as it is', () => {
    expect(errorText('recipient_invalid', { value: 'a@b' })).toBe('Invalid email: a@b')
    expect(errorText('request_type_not_allowed', { name: 'x.exe', types: '.pdf, .png' })).toBe(
      'x.exe: this request only accepts .pdf, .png.',
    )
    expect(errorText('room_full')).toBe('This room is full.')
  })

  it('has no "(s)" left in any English message', () => {
    for (const text of [...Object.values(errorMessages), ...Object.values(singularErrorMessages)])
      expect(text).not.toContain('(s)')
  })

  it('lists both templates of a counted message, the singular first, so a client can read a detail back', () => {
    expect(errorTemplates('recipients_too_many')).toEqual([
      'Only {n} recipient allowed',
      'Maximum {n} recipients allowed',
    ])
    expect(errorTemplates('room_full')).toEqual(['This room is full.'])
  })
})
