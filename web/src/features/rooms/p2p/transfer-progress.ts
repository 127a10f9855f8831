/** What both sides show of a running transfer (spec/transfers.md §2: bytes, percent and speed). */
export interface TransferProgress {
  bytes: number
  total: number
  /** 0–100, whole numbers. */
  percent: number
  /** Bytes per second over the recent window; 0 until measurable. */
  bytesPerSecond: number
}

const windowMs = 2000

/**
 * A progress meter: `sample(bytes, now)` records a point and returns the progress, the speed
 * taken over the last ~2 s so it follows changes without jumping at every chunk.
 */
export function createProgressMeter(total: number) {
  const points: { at: number; bytes: number }[] = []
  return {
    sample(bytes: number, now: number): TransferProgress {
      points.push({ at: now, bytes })
      while (points.length > 2 && (points[1]?.at ?? now) <= now - windowMs) points.shift()
      const first = points[0] ?? { at: now, bytes }
      const elapsed = (now - first.at) / 1000
      const bytesPerSecond = elapsed > 0 ? Math.max(0, (bytes - first.bytes) / elapsed) : 0
      const percent = total > 0 ? Math.min(100, Math.floor((bytes / total) * 100)) : 100
      return { bytes, total, percent, bytesPerSecond }
    },
  }
}

/** MB/s as the server records transfer_speed (spec/transfers.md §3): 1 MB = 1024 × 1024 bytes, as sizes. */
export function megabytesPerSecond(bytes: number, seconds: number): number {
  if (seconds <= 0) return 0
  return Math.round((bytes / (1024 * 1024) / seconds) * 100) / 100
}
