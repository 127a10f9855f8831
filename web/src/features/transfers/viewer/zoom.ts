import type { ViewerAnchor } from './viewer-context.js'

/**
 * Zoom and pan of an image in the viewer: `scale` 1 is the image fitted to the stage, and `x`/`y`
 * move the image's centre from the stage's centre (CSS px). Pure functions, so the gestures
 * (buttons, wheel, pinch, double-click, drag) all agree.
 */
export interface ZoomState {
  scale: number
  x: number
  y: number
}

export interface Size {
  width: number
  height: number
}

export const minScale = 1
export const maxScale = 8
/** One step of the zoom buttons and of a wheel notch's worth of scrolling. */
export const zoomStep = 1.5
export const fitted: ZoomState = { scale: 1, x: 0, y: 0 }

// `+ 0` turns -0 into 0, which would otherwise show up in comparisons and anchors.
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value)) + 0

/** The size the image has at scale 1: inside the stage, never enlarged beyond its own pixels. */
export function fitSize(natural: Size, stage: Size): Size {
  if (natural.width <= 0 || natural.height <= 0) return { width: 0, height: 0 }
  const ratio = Math.min(stage.width / natural.width, stage.height / natural.height, 1)
  return { width: natural.width * ratio, height: natural.height * ratio }
}

/** Keeps the image covering the stage where it is larger than it, and centred where it is smaller. */
export function clampPan(state: ZoomState, fit: Size, stage: Size): ZoomState {
  const maxX = Math.max(0, (fit.width * state.scale - stage.width) / 2)
  const maxY = Math.max(0, (fit.height * state.scale - stage.height) / 2)
  return { scale: state.scale, x: clamp(state.x, -maxX, maxX), y: clamp(state.y, -maxY, maxY) }
}

/**
 * Zooms to `scale` keeping the image point under `point` (relative to the stage's centre) where
 * it is, as a wheel or a pinch around the fingers does.
 */
export function zoomAt(state: ZoomState, scale: number, point: { x: number; y: number }, fit: Size, stage: Size) {
  const next = clamp(scale, minScale, maxScale)
  const ratio = next / state.scale
  return clampPan(
    { scale: next, x: point.x - (point.x - state.x) * ratio, y: point.y - (point.y - state.y) * ratio },
    fit,
    stage,
  )
}

const round = (value: number) => Math.round(value * 10_000) / 10_000

/** The part of the image on the stage, normalised to the image (null when all of it shows). */
export function visibleRegion(state: ZoomState, fit: Size, stage: Size): ViewerAnchor | null {
  if (state.scale <= minScale || fit.width === 0 || fit.height === 0) return null
  // A stage edge, in the image's own fraction: undo the pan and the scale, from the image's corner.
  const edge = (stageOffset: number, pan: number, length: number) =>
    clamp(((stageOffset - pan) / state.scale + length / 2) / length, 0, 1)
  const left = edge(-stage.width / 2, state.x, fit.width)
  const right = edge(stage.width / 2, state.x, fit.width)
  const top = edge(-stage.height / 2, state.y, fit.height)
  const bottom = edge(stage.height / 2, state.y, fit.height)
  return { kind: 'region', x: round(left), y: round(top), w: round(right - left), h: round(bottom - top) }
}

/** The zoom that fills the stage with a region of the image (normalised), centred on it. */
export function zoomToRegion(
  region: { x: number; y: number; w: number; h: number },
  fit: Size,
  stage: Size,
): ZoomState {
  if (fit.width === 0 || fit.height === 0) return fitted
  const width = Math.max(region.w, 1e-3) * fit.width
  const height = Math.max(region.h, 1e-3) * fit.height
  const scale = clamp(Math.min(stage.width / width, stage.height / height), minScale, maxScale)
  const centreX = (region.x + region.w / 2 - 0.5) * fit.width
  const centreY = (region.y + region.h / 2 - 0.5) * fit.height
  return clampPan({ scale, x: -centreX * scale, y: -centreY * scale }, fit, stage)
}
