/** An inclusive byte range resolved against a size. */
export interface ResolvedRange {
  start: number
  end: number
}

/**
 * The single byte range a `Range` header asks of an object of `size` bytes (RFC 9110 §14):
 * undefined to send the whole object (no header, another unit, several ranges, or a malformed
 * one, all of which a server may ignore), 'unsatisfiable' for a range wholly past the end (416).
 */
export function parseRange(header: string | undefined, size: number): ResolvedRange | 'unsatisfiable' | undefined {
  if (!header) return undefined
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header)
  if (!match) return undefined
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return undefined
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0) return 'unsatisfiable'
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (last !== '' && Number(last) < start) return undefined
  if (start >= size) return 'unsatisfiable'
  return { start, end }
}

/**
 * Whether an `If-Range` precondition lets the range apply: absent, or naming this very
 * representation (the strong ETag, or the exact Last-Modified date).
 */
export function ifRangeMatches(ifRange: string | undefined, etag: string, lastModified: string): boolean {
  if (!ifRange) return true
  const value = ifRange.trim()
  return value === etag || value === lastModified
}
