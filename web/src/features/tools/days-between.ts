const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/
const dayMs = 24 * 60 * 60 * 1000

/** A `YYYY-MM-DD` date (what `<input type="date">` gives) as UTC midnight, or null. */
function utcDay(value: string | null | undefined): number | null {
  const match = value ? isoDate.exec(value) : null
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const time = Date.UTC(year, month - 1, day)
  // Date.UTC rolls 2025-02-30 over into March: such a date is not a date.
  return new Date(time).getUTCDate() === day ? time : null
}

/**
 * spec/accounts.md §2 Date Calculator: whole days from start to end (negative when end comes first),
 * or 0 when either date is missing. Calendar days are counted in UTC, so a daylight-saving
 * change between the dates never makes a day 23 or 25 hours long.
 */
export function daysBetween(start: string | null | undefined, end: string | null | undefined): number {
  const from = utcDay(start)
  const to = utcDay(end)
  if (from === null || to === null) return 0
  return Math.round((to - from) / dayMs)
}
