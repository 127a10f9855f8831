/** A `Content-Range: bytes start-end/total` header read (null when absent or malformed; total null for `*`). */
export function parseContentRange(header: string | null): { start: number; end: number; total: number | null } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header?.trim() ?? '')
  if (!match) return null
  const [, start, end, total] = match as unknown as [string, string, string, string]
  return { start: Number(start), end: Number(end), total: total === '*' ? null : Number(total) }
}

export class RangeFetchError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

export interface RangeAnswer {
  bytes: Uint8Array
  /** The whole file's size. */
  total: number
  /** The version the bytes belong to: the next ranges ask for that one only (If-Range). */
  etag: string | null
}

/**
 * Fetches bytes `start`–`end` (inclusive) of a preview, and never more: the answer must be a 206
 * (with `ifRange`, the same version of the file), else the body is cancelled unread and this
 * throws, so a server or proxy that ignores Range cannot make the browser take the whole file.
 */
export async function fetchRange(
  url: string,
  start: number,
  end: number,
  options: { ifRange?: string | null; signal?: AbortSignal } = {},
): Promise<RangeAnswer> {
  const headers: Record<string, string> = { Range: `bytes=${start}-${end}` }
  if (options.ifRange) headers['If-Range'] = options.ifRange
  const response = await fetch(url, { headers, signal: options.signal, credentials: 'same-origin' })
  const range = parseContentRange(response.headers.get('Content-Range'))
  if (response.status !== 206 || !range || range.total === null) {
    await response.body?.cancel().catch(() => {})
    const reason = response.status === 200 ? 'the file changed or the server sent all of it' : `HTTP ${response.status}`
    throw new RangeFetchError(`Range ${start}-${end} not served: ${reason}`, response.status)
  }
  return { bytes: new Uint8Array(await response.arrayBuffer()), total: range.total, etag: response.headers.get('ETag') }
}
