/**
 * Trial maths (spec/accounts.md §4), shared by the server (user current plan response) and the browser
 * (trial cards). Dates may be Date objects or ISO strings.
 */

export const msPerDay = 24 * 60 * 60 * 1000

type DateLike = Date | string | number

const time = (value: DateLike): number => (value instanceof Date ? value.getTime() : new Date(value).getTime())

/** Share of the trial already used, in percent: 0 before the start, 100 from the end on. */
export function trialProgressPercent(trialStart: DateLike, trialEnd: DateLike, now: DateLike = Date.now()): number {
  const start = time(trialStart)
  const end = time(trialEnd)
  const at = time(now)
  if ([start, end, at].some(Number.isNaN)) return 0
  if (end <= start) return at >= end ? 100 : 0
  return Math.min(100, Math.max(0, ((at - start) / (end - start)) * 100))
}

/** Whole days left until the trial end, rounded up; never below 0. */
export function trialDaysRemaining(trialEnd: DateLike, now: DateLike = Date.now()): number {
  const left = time(trialEnd) - time(now)
  if (Number.isNaN(left)) return 0
  return Math.max(0, Math.ceil(left / msPerDay))
}

/** Whether `now` is inside the trial [start, end). */
export function isInTrial(trialStart: DateLike, trialEnd: DateLike, now: DateLike = Date.now()): boolean {
  const at = time(now)
  return time(trialStart) <= at && at < time(trialEnd)
}
