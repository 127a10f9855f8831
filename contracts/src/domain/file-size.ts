/**
 * How Ferry shows a size, everywhere (web, emails, error messages). Sizes step by 1024
 * (product.md §11), so the units carry their binary (IEC) names: KiB, MiB, GiB, TiB. A
 * plan's "50 GB" is 50 × 1024³ bytes and reads "50 GiB" (docs/decisions, binary size units).
 */
export const fileSizeUnits = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const
export type FileSizeUnit = (typeof fileSizeUnits)[number]

/** At most this many decimals above bytes; a zero decimal is dropped ('50 GiB', '2.4 MiB'). */
export const fileSizeDecimals = 1

export interface FileSizeParts {
  value: number
  unit: FileSizeUnit
}

/** The largest unit in which `bytes` is at least 1 (TiB at most), and the value in it. */
export function fileSizeParts(bytes: number): FileSizeParts {
  const safe = Number.isFinite(bytes) && bytes > 0 ? bytes : 0
  let exponent = safe === 0 ? 0 : Math.floor(Math.log(safe) / Math.log(1024))
  exponent = Math.min(Math.max(exponent, 0), fileSizeUnits.length - 1)
  // Rounding to the shown decimals can reach 1024 ('1024 KiB' just below 1 MiB): the next unit reads better.
  const scale = 10 ** fileSizeDecimals
  if (exponent < fileSizeUnits.length - 1 && Math.round((safe / 1024 ** exponent) * scale) / scale >= 1024) exponent++
  return { value: safe / 1024 ** exponent, unit: fileSizeUnits[exponent] ?? 'B' }
}

export interface FormatFileSizeOptions {
  /** A BCP 47 language tag for the number (en: 1,023 B, 2.4 MiB; es: 1023 B, 2,4 MiB). */
  locale?: string
}

/**
 * A size as Ferry shows it: whole bytes, else at most one decimal in the largest fitting
 * binary unit: '512 B', '1.5 KiB', '293 KiB', '114.4 MiB', '50 GiB', '2 TiB'.
 */
export function formatFileSize(bytes: number, options: FormatFileSizeOptions = {}): string {
  const { value, unit } = fileSizeParts(bytes)
  const number = new Intl.NumberFormat(options.locale ?? 'en', {
    maximumFractionDigits: unit === 'B' ? 0 : fileSizeDecimals,
  })
  return `${number.format(value)} ${unit}`
}

/** A transfer speed in the same units: '4.4 MiB/s'. */
export function formatSpeed(bytesPerSecond: number, options: FormatFileSizeOptions = {}): string {
  return `${formatFileSize(bytesPerSecond, options)}/s`
}
