import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { watchForStall } from './stall-watch.js'

describe('watchForStall', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const options = { stallMs: 15_000, everyMs: 5_000, now: () => Date.now() }

  it('calls a leg stalled once its position has stood still for the whole window, and only once', () => {
    const onStall = vi.fn()
    watchForStall(() => 0, onStall, options)
    vi.advanceTimersByTime(14_999)
    expect(onStall).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(onStall).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(60_000)
    expect(onStall).toHaveBeenCalledTimes(1)
  })

  it('keeps a leg whose bytes move, however slowly', () => {
    const onStall = vi.fn()
    let position = 0
    watchForStall(() => position, onStall, options)
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(10_000)
      position += 1
    }
    expect(onStall).not.toHaveBeenCalled()
  })

  it('does not count the time when nothing is expected to move', () => {
    const onStall = vi.fn()
    let position: number | null = null
    watchForStall(() => position, onStall, options)
    vi.advanceTimersByTime(60_000)
    expect(onStall).not.toHaveBeenCalled()
    position = 5
    vi.advanceTimersByTime(10_000)
    expect(onStall).not.toHaveBeenCalled()
    vi.advanceTimersByTime(10_000)
    expect(onStall).toHaveBeenCalledTimes(1)
  })

  it('judges the time that passed, when checks come late', () => {
    const onStall = vi.fn()
    let clock = 0
    watchForStall(() => 0, onStall, { ...options, now: () => clock })
    clock = 60_000
    vi.advanceTimersByTime(5_000)
    expect(onStall).toHaveBeenCalledTimes(1)
  })

  it('stops watching when told', () => {
    const onStall = vi.fn()
    const stop = watchForStall(() => 0, onStall, options)
    stop()
    vi.advanceTimersByTime(60_000)
    expect(onStall).not.toHaveBeenCalled()
  })
})
