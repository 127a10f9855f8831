import { describe, expect, it } from 'vitest'
import { PageDwell } from './page-dwell.js'

describe('PageDwell', () => {
  it('gives back the time a page was on screen when another page is shown', () => {
    const dwell = new PageDwell()
    expect(dwell.show('v1', 1, 1_000)).toBeNull()
    expect(dwell.show('v1', 2, 4_500)).toEqual({ viewId: 'v1', page: 1, durationMs: 3_500 })
    expect(dwell.finish(5_000)).toEqual({ viewId: 'v1', page: 2, durationMs: 500 })
    expect(dwell.finish(6_000)).toBeNull()
  })

  it('does not restart the clock when the same page is shown again', () => {
    const dwell = new PageDwell()
    dwell.show('v1', 3, 0)
    expect(dwell.show('v1', 3, 2_000)).toBeNull()
    expect(dwell.finish(3_000)).toEqual({ viewId: 'v1', page: 3, durationMs: 3_000 })
  })

  it('leaves out the time the tab was hidden', () => {
    const dwell = new PageDwell()
    dwell.show('v1', 1, 0)
    dwell.pause(1_000)
    dwell.pause(1_500)
    dwell.resume(60_000)
    dwell.resume(60_500)
    expect(dwell.finish(62_000)).toEqual({ viewId: 'v1', page: 1, durationMs: 3_000 })
  })

  it('counts only the visible part when the page is left while hidden', () => {
    const dwell = new PageDwell()
    dwell.show('v1', 1, 0)
    dwell.pause(2_000)
    expect(dwell.finish(90_000)).toEqual({ viewId: 'v1', page: 1, durationMs: 2_000 })
  })

  it('treats the same page number of a new view (another file) as another page', () => {
    const dwell = new PageDwell()
    dwell.show('v1', 1, 0)
    expect(dwell.show('v2', 1, 700)).toEqual({ viewId: 'v1', page: 1, durationMs: 700 })
  })
})
