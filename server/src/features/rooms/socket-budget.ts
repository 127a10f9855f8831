/** A socket's message budget (security review M-3): 20 messages a second, bursts of 50. */
export const socketMessageRate = { perSecond: 20, burst: 50 } as const

/**
 * A token bucket: `burst` tokens, refilled at `perSecond`; each message takes one. A client of
 * Ferry's sends a few messages a second at most (signalling bursts while a call starts), so a
 * socket that runs dry is flooding and gets closed.
 */
export function createTokenBucket(
  { perSecond, burst }: { perSecond: number; burst: number } = socketMessageRate,
  now: () => number = () => performance.now(),
) {
  let tokens = burst
  let last = now()
  return {
    /** Takes one token; false when none is left. */
    take(): boolean {
      const at = now()
      tokens = Math.min(burst, tokens + ((at - last) / 1000) * perSecond)
      last = at
      if (tokens < 1) return false
      tokens -= 1
      return true
    },
  }
}
