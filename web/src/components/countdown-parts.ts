const minuteMs = 60_000
const hourMs = 60 * minuteMs
const dayMs = 24 * hourMs

/** What an expiry badge shows (spec/transfers.md §5): days and hours, or hours and minutes under a day; null once passed. */
export type CountdownParts =
  | { unit: 'days'; days: number; hours: number }
  | { unit: 'hours'; hours: number; minutes: number }

export function countdownParts(msLeft: number): CountdownParts | null {
  if (!(msLeft > 0)) return null
  if (msLeft >= dayMs) {
    return { unit: 'days', days: Math.floor(msLeft / dayMs), hours: Math.floor((msLeft % dayMs) / hourMs) }
  }
  // The last minute still shows 0 h 1 m, never 0 h 0 m.
  const minutes = Math.max(1, Math.floor(msLeft / minuteMs))
  return { unit: 'hours', hours: Math.floor(minutes / 60), minutes: minutes % 60 }
}
