import { describe, expect, it } from 'vitest'
import { createProgress, formatDuration, progressLine } from './progress.js'

describe('progress', () => {
  it('draws a bar with percent, bytes, speed and time left', () => {
    const line = progressLine({
      label: 'a.bin',
      done: 5 * 1024 ** 2,
      total: 10 * 1024 ** 2,
      bytesPerSecond: 1024 ** 2,
      columns: 100,
    })
    expect(line).toMatch(/^a\.bin \[#{20}-{20}\] {2}50% 5 MiB \/ 10 MiB 1 MiB\/s 0:05 left$/)
  })

  it('fits a narrow terminal by leaving the bar out', () => {
    const line = progressLine({ label: 'a.bin', done: 1, total: 2, bytesPerSecond: 0, columns: 30 })
    expect(line.length).toBeLessThan(30)
    expect(line).not.toContain('[')
  })

  it('formats time left', () => {
    expect(formatDuration(7)).toBe('0:07')
    expect(formatDuration(725)).toBe('12:05')
    expect(formatDuration(3723)).toBe('1:02:03')
  })

  it('draws nothing when the output is not a terminal', () => {
    const written: string[] = []
    const progress = createProgress('x', 10, { isTTY: false, write: (t) => written.push(t) })
    progress.add(10)
    progress.finish()
    expect(written).toEqual([])
  })

  it('redraws at most every 100 ms on a terminal, and ends the line', () => {
    const written: string[] = []
    let now = 0
    const progress = createProgress('x', 100, { isTTY: true, columns: 80, write: (t) => written.push(t) }, () => now)
    progress.add(10)
    progress.add(10)
    now = 50
    progress.add(10)
    now = 150
    progress.add(10)
    progress.finish()
    expect(written.filter((t) => t.startsWith('\r'))).toHaveLength(3)
    expect(written.at(-1)).toBe('\n')
    expect(written.at(-2)).toContain('40%')
  })
})
