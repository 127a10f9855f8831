import { describe, expect, it } from 'vitest'
import { clampPan, fitSize, fitted, maxScale, visibleRegion, zoomAt, zoomToRegion } from './zoom.js'

const stage = { width: 800, height: 600 }
const fit = fitSize({ width: 1600, height: 1200 }, stage)

describe('image zoom', () => {
  it('fits an image inside the stage without enlarging a small one', () => {
    expect(fit).toEqual({ width: 800, height: 600 })
    expect(fitSize({ width: 200, height: 100 }, stage)).toEqual({ width: 200, height: 100 })
  })

  it('keeps the point under the pointer in place while zooming, within the limits', () => {
    const zoomed = zoomAt(fitted, 2, { x: 200, y: 0 }, fit, stage)
    expect(zoomed).toEqual({ scale: 2, x: -200, y: 0 })
    // The image point under x=200 is the same before and after: (200 - pan) / scale.
    expect((200 - zoomed.x) / zoomed.scale).toBe(200)
    expect(zoomAt(zoomed, 100, { x: 0, y: 0 }, fit, stage).scale).toBe(maxScale)
    expect(zoomAt(zoomed, 0.1, { x: 0, y: 0 }, fit, stage)).toEqual(fitted)
  })

  it('never pans the image away from the stage', () => {
    expect(clampPan({ scale: 2, x: 5000, y: -5000 }, fit, stage)).toEqual({ scale: 2, x: 400, y: -300 })
    expect(clampPan({ scale: 1, x: 50, y: 50 }, fit, stage)).toEqual(fitted)
  })

  it('reports the part of the image on screen, and zooms back onto it', () => {
    expect(visibleRegion(fitted, fit, stage)).toBeNull()
    const region = visibleRegion({ scale: 2, x: 400, y: 300 }, fit, stage)
    expect(region).toEqual({ kind: 'region', x: 0, y: 0, w: 0.5, h: 0.5 })
    expect(zoomToRegion({ x: 0, y: 0, w: 0.5, h: 0.5 }, fit, stage)).toEqual({ scale: 2, x: 400, y: 300 })
    expect(zoomToRegion({ x: 0.25, y: 0.25, w: 0.5, h: 0.5 }, fit, stage)).toEqual({ scale: 2, x: 0, y: 0 })
  })
})
