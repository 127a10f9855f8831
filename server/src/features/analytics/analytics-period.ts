import { type AnalyticsBucket, analyticsDefaultRangeDays, analyticsMaxRangeDays } from '@ferry/contracts/api/analytics'
import { AppError } from '../../errors.js'

const dayMs = 24 * 3600_000
const hourMs = 3600_000
/** Up to this span the charts count per hour, beyond it per day. */
const hourlyUpToMs = 48 * hourMs

/** A period of the panel or the period export: `from` included, `to` excluded. */
export interface Period {
  from: Date
  to: Date
}

const bareDate = /^\d{4}-\d{2}-\d{2}$/
const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i

const invalid = (detail: string) => new AppError('analytics_period_invalid', 422, detail)

/** One end of a period, or a 422 naming it. A bare date `to` means the end of that day (UTC). */
function parseEnd(value: string, name: 'from' | 'to'): Date {
  const text = value.trim()
  if (bareDate.test(text)) {
    const start = new Date(`${text}T00:00:00Z`)
    if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== text) {
      throw invalid(`${name} is not a real date: ${text.slice(0, 40)}.`)
    }
    return name === 'to' ? new Date(start.getTime() + dayMs) : start
  }
  const at = dateTime.test(text) ? new Date(text) : new Date(Number.NaN)
  if (Number.isNaN(at.getTime())) {
    throw invalid(`${name} must be an ISO 8601 date (2026-01-31) or time (2026-01-31T12:00:00Z).`)
  }
  return at
}

/** The period asked for: default the last 30 days up to now; 422 for bad or reversed ends or over 400 days. */
export function parsePeriod(query: { from?: string; to?: string }, now: Date): Period {
  const to = query.to ? parseEnd(query.to, 'to') : now
  const from = query.from ? parseEnd(query.from, 'from') : new Date(to.getTime() - analyticsDefaultRangeDays * dayMs)
  if (from.getTime() >= to.getTime()) throw invalid('from must come before to.')
  if (to.getTime() - from.getTime() > analyticsMaxRangeDays * dayMs) {
    throw invalid(`A period is at most ${analyticsMaxRangeDays} days long.`)
  }
  return { from, to }
}

/** Hours for a period of up to 48 hours, else days. */
export function bucketFor(period: Period): AnalyticsBucket {
  return period.to.getTime() - period.from.getTime() <= hourlyUpToMs ? 'hour' : 'day'
}

/** The start of the bucket holding `at` (UTC). */
export function bucketStart(at: Date, bucket: AnalyticsBucket): Date {
  const ms = bucket === 'hour' ? hourMs : dayMs
  return new Date(Math.floor(at.getTime() / ms) * ms)
}

/** Every bucket start of the period, oldest first (empty ones included, so charts show the gaps). */
export function bucketsOf(period: Period, bucket: AnalyticsBucket): Date[] {
  const step = bucket === 'hour' ? hourMs : dayMs
  const starts: Date[] = []
  for (let at = bucketStart(period.from, bucket).getTime(); at < period.to.getTime(); at += step) {
    starts.push(new Date(at))
  }
  return starts
}
