import type {
  AnalyticsBucket,
  AnalyticsDevice,
  CountryCount,
  DeviceCount,
  RecipientFunnel,
  TransferAnalytics,
} from '@ferry/contracts/api/analytics'
import { formatLocaleOf, type Language } from '@ferry/contracts/domain/languages'

/**
 * Shapes the analytics answers into what the charts and their tables draw: pure functions of the
 * data and the UI language, so each can be tested without a browser.
 */

/** How a bucket's start reads under the chart: 'Dec 4, 3 PM' by the hour, 'Dec 4' by the day. */
export function bucketLabel(at: string, bucket: AnalyticsBucket, language: Language): string {
  const locale = formatLocaleOf[language]
  const date = new Date(at)
  if (Number.isNaN(date.getTime())) return at
  // Days are the server's UTC days: shown as such, or a day could read as the one before it.
  return bucket === 'day'
    ? new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date)
    : new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: 'numeric' }).format(date)
}

/** Time-series points with the label the chart's axis and the table's first column show. */
export function timeSeriesRows<T extends { at: string }>(
  points: readonly T[],
  bucket: AnalyticsBucket,
  language: Language,
): (T & { label: string })[] {
  return points.map((point) => ({ ...point, label: bucketLabel(point.at, bucket, language) }))
}

/** The code the server writes for a place it could not locate. */
export const unknownCountry = 'unknown'

/**
 * A country's name in `language` ('DE' → 'Germany' / 'Alemania'), from the browser's own data
 * (Intl.DisplayNames): nothing is fetched. Null for 'unknown'; the code itself when the browser
 * does not know it.
 */
export function countryName(code: string, language: Language): string | null {
  if (code === unknownCountry) return null
  try {
    return new Intl.DisplayNames([formatLocaleOf[language]], { type: 'region', fallback: 'code' }).of(code) ?? code
  } catch {
    // Not a well-formed region code: show what came.
    return code
  }
}

export interface CountryRow {
  code: string
  name: string
  downloads: number
}

/** Countries by downloads, most first (then by name), each named in `language`; unknown places as `unknownLabel`. */
export function countryRows(
  countries: readonly CountryCount[],
  language: Language,
  unknownLabel: string,
): CountryRow[] {
  const collator = new Intl.Collator(formatLocaleOf[language])
  return countries
    .map((c) => ({ code: c.country, name: countryName(c.country, language) ?? unknownLabel, downloads: c.downloads }))
    .sort((a, b) => b.downloads - a.downloads || collator.compare(a.name, b.name))
}

export interface DeviceRow {
  device: AnalyticsDevice
  browser: string
  downloads: number
}

/** Device classes with their downloads summed over browsers, most first: the devices chart. */
export function deviceClassTotals(devices: readonly DeviceCount[]): { device: AnalyticsDevice; downloads: number }[] {
  const totals = new Map<AnalyticsDevice, number>()
  for (const row of devices) totals.set(row.device, (totals.get(row.device) ?? 0) + row.downloads)
  return [...totals].map(([device, downloads]) => ({ device, downloads })).sort((a, b) => b.downloads - a.downloads)
}

/** Device and browser rows, most downloads first: the devices table. */
export function deviceRows(devices: readonly DeviceCount[]): DeviceRow[] {
  return [...devices].sort((a, b) => b.downloads - a.downloads || a.browser.localeCompare(b.browser))
}

/** The steps of a recipient's way to the files, in order. */
export const funnelSteps = ['sent', 'opened', 'previewed', 'downloaded', 'completed'] as const
export type FunnelStep = (typeof funnelSteps)[number]

const stepField = {
  sent: 'sent_at',
  opened: 'opened_at',
  previewed: 'previewed_at',
  downloaded: 'downloaded_at',
  completed: 'completed_at',
} as const satisfies Record<FunnelStep, keyof RecipientFunnel>

/** When a recipient reached a step (null: not yet). */
export const stepTime = (recipient: RecipientFunnel, step: FunnelStep): string | null => recipient[stepField[step]]

/** How many recipients reached each step: the funnel chart. */
export function funnelTotals(recipients: readonly RecipientFunnel[]): { step: FunnelStep; recipients: number }[] {
  return funnelSteps.map((step) => ({
    step,
    recipients: recipients.filter((r) => stepTime(r, step) !== null).length,
  }))
}

export interface FileRow {
  key: string
  name: string
  started: number
  completed: number
  /** completed / started, 0 to 1; null when nothing started. */
  completion: number | null
}

/** One row per file and one for the ZIP of all files (named `zipLabel`), in the server's order. */
export function fileRows(files: TransferAnalytics['files'], zipLabel: string): FileRow[] {
  return files.map((file) => ({
    key: file.file_id ?? 'zip',
    name: file.file_id === null ? zipLabel : file.name,
    started: file.started,
    completed: file.completed,
    completion: file.started > 0 ? Math.min(1, file.completed / file.started) : null,
  }))
}

/** A share in the language's percent format ('50%' / '50 %'); a dash when there is none. */
export function formatPercent(share: number | null, language: Language): string {
  if (share === null) return '—'
  return new Intl.NumberFormat(formatLocaleOf[language], { style: 'percent', maximumFractionDigits: 0 }).format(share)
}

/** Whether there is anything to draw: every value of every point is zero or there is no point. */
export function allZero(points: readonly Record<string, unknown>[], keys: readonly string[]): boolean {
  return points.every((point) => keys.every((key) => !point[key]))
}
