import type { Readable } from 'node:stream'

/**
 * Serves an SFTP client's READ requests for one open file from one stream. Clients ask for the
 * file in order, 32 KiB at a time with many requests in flight, so a request at the position the
 * stream has reached takes its bytes from it; a request anywhere else (a seek, a resumed
 * transfer, a client fetching parts in parallel) opens a new stream from there. The store reads
 * ahead only as far as its stream's buffer: nothing is copied to a temporary file or held whole.
 */
export class SequentialReader {
  private position = -1
  private stream: Readable | undefined
  private chunks: AsyncIterator<Buffer> | undefined
  private pending: Buffer[] = []
  private pendingBytes = 0

  constructor(
    private readonly size: number,
    /** Opens the file's bytes from `start` to its end. */
    private readonly open: (start: number) => Promise<Readable>,
  ) {}

  /** Up to `length` bytes at `offset`; null at or past the end of the file. Calls must not overlap. */
  async read(offset: number, length: number): Promise<Buffer | null> {
    if (offset >= this.size || length <= 0) return null
    const wanted = Math.min(length, this.size - offset)
    if (offset !== this.position) await this.restart(offset)
    while (this.pendingBytes < wanted) {
      const next = await this.chunks!.next()
      if (next.done) break
      this.pending.push(next.value)
      this.pendingBytes += next.value.length
    }
    const bytes = this.take(wanted)
    this.position += bytes.length
    return bytes.length > 0 ? bytes : null
  }

  close(): void {
    this.stream?.destroy()
    this.stream = undefined
    this.chunks = undefined
    this.pending = []
    this.pendingBytes = 0
  }

  private async restart(offset: number) {
    this.close()
    this.stream = await this.open(offset)
    this.chunks = this.stream[Symbol.asyncIterator]()
    this.position = offset
  }

  /** The first `n` buffered bytes (fewer at the end of the stream), without copying when one chunk holds them. */
  private take(n: number): Buffer {
    const first = this.pending[0]
    if (first && first.length >= n) {
      if (first.length === n) this.pending.shift()
      else this.pending[0] = first.subarray(n)
      this.pendingBytes -= n
      return first.subarray(0, n)
    }
    const all = Buffer.concat(this.pending)
    const bytes = all.subarray(0, n)
    const rest = all.subarray(bytes.length)
    this.pending = rest.length > 0 ? [rest] : []
    this.pendingBytes = rest.length
    return bytes
  }
}

/**
 * Which bytes of a file have been sent, as merged [start, end) spans. A download completes when
 * one unbroken span reaches the last byte: the whole file, or (like a resumed HTTPS download,
 * `Range: bytes=N-`) the rest of it from where an earlier try stopped. Bytes sent twice, or out of
 * order, still make one span.
 */
export class ByteCoverage {
  private spans: [number, number][] = []

  constructor(private readonly size: number) {}

  add(start: number, end: number): void {
    if (end <= start) return
    const merged: [number, number][] = []
    let [s, e] = [start, end]
    for (const [a, b] of this.spans) {
      if (b < s || a > e) merged.push([a, b])
      else [s, e] = [Math.min(a, s), Math.max(b, e)]
    }
    merged.push([s, e])
    this.spans = merged.sort((x, y) => x[0] - y[0])
  }

  get reachedEnd(): boolean {
    if (this.size === 0) return true
    const [only] = this.spans
    return this.spans.length === 1 && only![1] >= this.size
  }
}
