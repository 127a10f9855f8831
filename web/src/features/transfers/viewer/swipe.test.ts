import { describe, expect, it } from 'vitest'
import { swipeDirection } from './swipe.js'

const at = (x: number, y: number, time: number) => ({ x, y, time })

describe('swipeDirection', () => {
  it('turns a quick move to the left into the next file, to the right into the previous one', () => {
    expect(swipeDirection(at(300, 200, 0), at(180, 210, 200))).toBe('next')
    expect(swipeDirection(at(100, 200, 0), at(220, 190, 200))).toBe('previous')
  })

  it('ignores taps, vertical scrolls and slow drags', () => {
    expect(swipeDirection(at(100, 100, 0), at(110, 100, 80))).toBeNull()
    expect(swipeDirection(at(100, 100, 0), at(160, 300, 200))).toBeNull()
    expect(swipeDirection(at(300, 100, 0), at(100, 100, 2000))).toBeNull()
  })
})
