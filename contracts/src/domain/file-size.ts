/** Units of spec/transfers.md §5: B, KB, MB, GB in steps of 1024. */
export const fileSizeUnits = ['B', 'KB', 'MB', 'GB'] as const
export type FileSizeUnit = (typeof fileSizeUnits)[number]

export interface FileSizeParts {
  value: number
  unit: FileSizeUnit
}

/** The largest unit in which `bytes` is at least 1 (GB at most), and the value in it. */
export function fileSizeParts(bytes: number): FileSizeParts {
  const safe = Number.isFinite(bytes) && bytes > 0 ? bytes : 0
  let exponent = safe === 0 ? 0 : Math.floor(Math.log(safe) / Math.log(1024))
  exponent = Math.min(Math.max(exponent, 0), fileSizeUnits.length - 1)
  return { value: safe / 1024 ** exponent, unit: fileSizeUnits[exponent] ?? 'B' }
}

export interface FormatFileSizeOptions {
  /** A BCP 47 language tag for the number (en: 1,024.50; es: 1024,50). */
  locale?: string
  /** Decimals above bytes: 2 by default; the direct-transfer history uses 1. */
  decimals?: number
}

/**
 * A size as spec/transfers.md §5 shows it: '512 B', '1.50 KB', '114.44 MB', '2.00 GB'. Bytes are whole;
 * larger units carry a fixed number of decimals so figures keep their width while they change.
 */
export function formatFileSize(bytes: number, options: FormatFileSizeOptions = {}): string {
  const { locale = 'en', decimals = 2 } = options
  const { value, unit } = fileSizeParts(bytes)
  const digits = unit === 'B' ? 0 : decimals
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })
  // Rounding could show '1024.00 KB' just below 1 MB; the next unit up reads better.
  const rounded = Number(value.toFixed(digits))
  const next = fileSizeUnits[fileSizeUnits.indexOf(unit) + 1]
  if (rounded >= 1024 && next) return `${number.format(rounded / 1024)} ${next}`
  return `${number.format(value)} ${unit}`
}
