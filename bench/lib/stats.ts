/** The value at quantile `q` (0..1) of `values`, nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[rank]!
}

export const median = (values: readonly number[]) => {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const units: Record<string, number> = { b: 1, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3, kb: 1e3, mb: 1e6, gb: 1e9 }

/** '1GiB', '64MiB', '500MB' or a number of bytes. */
export function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim())
  const factor = units[(match?.[2] || 'b').toLowerCase()]
  if (!match || factor === undefined) throw new Error(`Not a size: ${text}`)
  return Math.round(Number(match[1]) * factor)
}

export function formatSize(bytes: number): string {
  for (const [unit, factor] of [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const) {
    if (bytes >= factor && bytes % (factor / 1024) === 0) return `${+(bytes / factor).toFixed(2)} ${unit}`
  }
  return `${bytes} B`
}

/** Decimal megabytes per second. */
export const mbPerSecond = (bytes: number, seconds: number) => bytes / seconds / 1e6
export const mb = (bytes: number) => bytes / 1e6
