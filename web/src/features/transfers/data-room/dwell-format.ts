/**
 * How long a page was on screen, in the UI's locale: '12 sec', '4.5 sec', '3 min, 20 sec',
 * '1 hr, 2 min' (units from Intl, so Spanish reads '12 s', '3 min y 20 s'); null (not reported
 * yet) as a dash.
 */
export function formatDwell(durationMs: number | null, locale: string): string {
  if (durationMs === null) return '—'
  const unit = (value: number, name: 'hour' | 'minute' | 'second', digits = 0) =>
    new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: name,
      unitDisplay: 'short',
      maximumFractionDigits: digits,
    }).format(value)
  const seconds = durationMs / 1000
  if (seconds < 10) return unit(Math.floor(seconds * 10) / 10, 'second', 1)
  const whole = Math.round(seconds)
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  const rest = whole % 60
  const parts =
    hours > 0
      ? [unit(hours, 'hour'), ...(minutes > 0 ? [unit(minutes, 'minute')] : [])]
      : minutes > 0
        ? [unit(minutes, 'minute'), ...(rest > 0 ? [unit(rest, 'second')] : [])]
        : [unit(rest, 'second')]
  return new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(parts)
}
