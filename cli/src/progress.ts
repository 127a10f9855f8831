import { formatFileSize, formatSpeed } from '@ferry/contracts/domain/file-size'

/** A progress bar of bytes on a terminal line. Quiet (draws nothing) when the stream is no terminal. */
export interface Progress {
  /** Bytes moved since the last call; negative when a failed part's bytes are taken back. */
  add(bytes: number): void
  /** Ends the bar's line. */
  finish(): void
}

interface Output {
  isTTY?: boolean
  columns?: number
  write(text: string): unknown
}

/** How often the line is redrawn at most: a terminal that redraws on every chunk slows the upload. */
const redrawMs = 100
/** The speed is the average over this recent window, so it follows changes but does not jitter. */
const speedWindowMs = 3000

/** '0:07', '12:05', '1:02:03'. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const rest = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`
}

/** One line of the bar, fitted to `columns`: label, bar, percent, bytes, speed and time left. */
export function progressLine(state: {
  label: string
  done: number
  total: number
  bytesPerSecond: number
  columns: number
}): string {
  const { label, done, total, bytesPerSecond, columns } = state
  const fraction = total === 0 ? 1 : Math.min(1, Math.max(0, done / total))
  const percent = `${String(Math.floor(fraction * 100)).padStart(3)}%`
  const eta = bytesPerSecond > 0 && done < total ? ` ${formatDuration((total - done) / bytesPerSecond)} left` : ''
  const speed = bytesPerSecond > 0 ? ` ${formatSpeed(bytesPerSecond)}` : ''
  const numbers = ` ${percent} ${formatFileSize(done)} / ${formatFileSize(total)}${speed}${eta}`
  const room = columns - label.length - numbers.length - 3
  if (room < 10) return `${label}${numbers}`.slice(0, Math.max(0, columns - 1))
  const width = Math.min(40, room)
  const filled = Math.round(fraction * width)
  return `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}]${numbers}`
}

export function createProgress(
  label: string,
  total: number,
  output: Output = process.stderr,
  now: () => number = () => performance.now(),
): Progress {
  const drawing = Boolean(output.isTTY)
  let done = 0
  let lastDraw = Number.NEGATIVE_INFINITY
  const samples: { at: number; done: number }[] = [{ at: now(), done: 0 }]

  function speed(at: number): number {
    while (samples.length > 2 && at - samples[0]!.at > speedWindowMs) samples.shift()
    const first = samples[0]!
    const seconds = (at - first.at) / 1000
    return seconds > 0.2 ? Math.max(0, (done - first.done) / seconds) : 0
  }

  function draw(at: number) {
    lastDraw = at
    const line = progressLine({ label, done, total, bytesPerSecond: speed(at), columns: output.columns ?? 80 })
    // \r back to the start, the line, then clear what an earlier, longer line left behind.
    output.write(`\r${line}\x1b[K`)
  }

  return {
    add(bytes) {
      done += bytes
      if (!drawing) return
      const at = now()
      samples.push({ at, done })
      if (at - lastDraw >= redrawMs) draw(at)
    },
    finish() {
      if (!drawing) return
      draw(now())
      output.write('\n')
    },
  }
}
