import { analyticsDefaultRangeDays, analyticsMaxRangeDays } from '@ferry/contracts/api/analytics'

/** The account panel's period: whole UTC days, `from` and `to` included, as YYYY-MM-DD. */
export interface AnalyticsPeriod {
  from: string
  to: string
}

/** The presets the period picker offers, in days. */
export const periodPresets = [7, 30, 90] as const
export type PeriodPreset = (typeof periodPresets)[number]

const dayMs = 24 * 60 * 60 * 1000
const isoDay = /^\d{4}-\d{2}-\d{2}$/

/** A date's UTC day as YYYY-MM-DD. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10)

/** The last `days` days up to today (UTC), today included. */
export function presetPeriod(days: number, now: Date): AnalyticsPeriod {
  return { from: utcDay(new Date(now.getTime() - (days - 1) * dayMs)), to: utcDay(now) }
}

/** Days in a period, both ends counted. */
export function periodDays(period: AnalyticsPeriod): number {
  return Math.round((Date.parse(period.to) - Date.parse(period.from)) / dayMs) + 1
}

/** The preset a period is, when it ends today and spans one; else null (a custom period). */
export function presetOf(period: AnalyticsPeriod, now: Date): PeriodPreset | null {
  return (
    periodPresets.find((days) => {
      const preset = presetPeriod(days, now)
      return preset.from === period.from && preset.to === period.to
    }) ?? null
  )
}

export type PeriodProblem = 'invalid' | 'reversed' | 'tooLong'

/** What is wrong with a period the server would refuse (422), or null when it is fine. */
export function periodProblem(period: AnalyticsPeriod): PeriodProblem | null {
  const valid = (day: string) => isoDay.test(day) && !Number.isNaN(Date.parse(day))
  if (!valid(period.from) || !valid(period.to)) return 'invalid'
  if (period.from > period.to) return 'reversed'
  if (periodDays(period) > analyticsMaxRangeDays) return 'tooLong'
  return null
}

/**
 * The period in the page's address (`?from=…&to=…`), so a period can be bookmarked and shared; the
 * default period (the server's own default, the last 30 days) when either is missing or malformed.
 */
export function periodFromSearch(search: URLSearchParams, now: Date): AnalyticsPeriod {
  const from = search.get('from') ?? ''
  const to = search.get('to') ?? ''
  const period = { from, to }
  return periodProblem(period) === 'invalid' ? presetPeriod(analyticsDefaultRangeDays, now) : period
}
