import { afterEach, describe, expect, it, vi } from 'vitest'
import { systemClock } from './clock.js'
import { createTestClock } from './testing/test-clock.js'

describe('systemClock', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('calls back after a delay longer than one setTimeout can hold, and not before', () => {
    vi.useFakeTimers()
    const fn = vi.fn()
    const longest = 2 ** 31 - 1
    systemClock.after(longest + 5_000, fn)
    vi.advanceTimersByTime(longest)
    expect(fn).not.toHaveBeenCalled()
    vi.advanceTimersByTime(5_000)
    expect(fn).toHaveBeenCalledOnce()
  })

  it('cancels, also between the links of a long wait', () => {
    vi.useFakeTimers()
    const fn = vi.fn()
    const cancel = systemClock.after(2 ** 32, fn)
    vi.advanceTimersByTime(2 ** 31)
    cancel()
    vi.advanceTimersByTime(2 ** 32)
    expect(fn).not.toHaveBeenCalled()
  })
})

describe('createTestClock', () => {
  it('starts where it is told and moves with each advance', () => {
    const clock = createTestClock(new Date('2030-01-01T00:00:00Z'))
    const start = clock.now().getTime()
    expect(Math.abs(start - Date.parse('2030-01-01T00:00:00Z'))).toBeLessThan(60_000)
    clock.advance(3_600_000)
    expect(clock.now().getTime() - start).toBeGreaterThanOrEqual(3_600_000)
    clock.reset()
    expect(clock.now().getTime() - start).toBeLessThan(60_000)
  })

  it('fires the timers an advance reaches, earliest first, including those they schedule', () => {
    const clock = createTestClock()
    const fired: string[] = []
    clock.after(60_000, () => fired.push('b'))
    clock.after(30_000, () => {
      fired.push('a')
      clock.after(10_000, () => fired.push('a2'))
    })
    const cancel = clock.after(50_000, () => fired.push('cancelled'))
    clock.after(10 * 60_000, () => fired.push('later'))
    cancel()
    expect(clock.pendingTimers()).toBe(3)
    clock.advance(60_000)
    expect(fired).toEqual(['a', 'a2', 'b'])
    expect(clock.pendingTimers()).toBe(1)
  })

  it('fires a timer nobody advances to once real time gets there', async () => {
    const clock = createTestClock()
    const fn = vi.fn()
    clock.after(1, fn)
    await vi.waitFor(() => expect(fn).toHaveBeenCalledOnce())
    expect(clock.pendingTimers()).toBe(0)
  })
})
