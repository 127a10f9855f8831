/** A pointer position at a moment, for telling a swipe from a tap or a scroll. */
export interface PointerMark {
  x: number
  y: number
  time: number
}

/** How far (CSS px) and how fast (within this many ms) a horizontal move must be to count as a swipe. */
export const swipeMinDistance = 50
export const swipeMaxDuration = 800

/**
 * The file to go to after a pointer moved from `start` to `end`: a mostly horizontal move of at
 * least 50 px within 0.8 s; a move to the left (finger going left) shows the next file, like
 * turning a page. Null for a tap, a slow drag or a vertical move.
 */
export function swipeDirection(start: PointerMark, end: PointerMark): 'next' | 'previous' | null {
  const dx = end.x - start.x
  const dy = end.y - start.y
  if (end.time - start.time > swipeMaxDuration) return null
  if (Math.abs(dx) < swipeMinDistance || Math.abs(dx) < Math.abs(dy) * 1.5) return null
  return dx < 0 ? 'next' : 'previous'
}
