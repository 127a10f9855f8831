import { describe, expect, it } from 'vitest'
import { formatDwell } from './dwell-format.js'

describe('formatDwell', () => {
  it('says a short time in seconds with a tenth, a longer one in whole seconds', () => {
    expect(formatDwell(4_560, 'en-US')).toBe('4.5 sec')
    expect(formatDwell(300, 'en-US')).toBe('0.3 sec')
    expect(formatDwell(12_400, 'en-US')).toBe('12 sec')
  })

  it('says minutes and seconds, hours and minutes', () => {
    expect(formatDwell(200_000, 'en-US')).toBe('3 min 20 sec')
    expect(formatDwell(180_000, 'en-US')).toBe('3 min')
    expect(formatDwell(3_720_000, 'en-US')).toBe('1 hr 2 min')
  })

  it('speaks Spanish', () => {
    expect(formatDwell(12_000, 'es-ES')).toBe('12 s')
    expect(formatDwell(200_000, 'es-ES')).toBe('3 min 20 s')
  })

  it('shows a dash for a page whose time was not reported', () => {
    expect(formatDwell(null, 'en-US')).toBe('—')
  })
})
