/** A leg whose bytes have not moved for this long is given up and made again. */
export const stallAfterMs = 15_000
/** How often the watch looks; a page in a background tab runs it later, never sooner. */
const checkEveryMs = 5_000

/**
 * Watches one connection for a stall: `position()` says how far the bytes have gone (any number
 * that grows while they move), or null while nothing is expected to move (the transfer is past
 * its bytes, waiting for the peer's answer). When the position has not changed for `stallMs`,
 * `onStall` runs once. Time comes from `now`, not from counting checks, so checks that run late
 * (a throttled background tab) judge the time that truly passed. Returns the stop.
 */
export function watchForStall(
  position: () => number | null,
  onStall: () => void,
  { stallMs = stallAfterMs, everyMs = checkEveryMs, now = () => performance.now() } = {},
): () => void {
  let last = position()
  let since = now()
  const timer = setInterval(() => {
    const current = position()
    const at = now()
    if (current === null || current !== last) {
      last = current
      since = at
      return
    }
    if (at - since < stallMs) return
    clearInterval(timer)
    onStall()
  }, everyMs)
  return () => clearInterval(timer)
}
