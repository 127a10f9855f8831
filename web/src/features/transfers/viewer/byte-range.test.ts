import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchRange, parseContentRange, RangeFetchError } from './byte-range.js'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('parseContentRange', () => {
  it('reads a byte range and its total', () => {
    expect(parseContentRange('bytes 0-1023/5000')).toEqual({ start: 0, end: 1023, total: 5000 })
    expect(parseContentRange('bytes 10-19/*')).toEqual({ start: 10, end: 19, total: null })
    expect(parseContentRange(null)).toBeNull()
    expect(parseContentRange('items 0-1/2')).toBeNull()
  })
})

describe('fetchRange', () => {
  it('asks for exactly the range, for the same version, and returns the bytes with the total', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(new Uint8Array([1, 2, 3]), {
          status: 206,
          headers: { 'Content-Range': 'bytes 4-6/100', ETag: '"v1"' },
        }),
    )
    vi.stubGlobal('fetch', fetch)
    const answer = await fetchRange('/p', 4, 6, { ifRange: '"v1"' })
    expect(answer).toEqual({ bytes: new Uint8Array([1, 2, 3]), total: 100, etag: '"v1"' })
    expect(fetch).toHaveBeenCalledWith('/p', {
      headers: { Range: 'bytes=4-6', 'If-Range': '"v1"' },
      signal: undefined,
      credentials: 'same-origin',
    })
  })

  it('refuses a whole-file answer (Range ignored, or the file changed) without reading it', async () => {
    const cancel = vi.fn(async () => {})
    const body = new ReadableStream({ start() {}, cancel })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { status: 200 })),
    )
    await expect(fetchRange('/p', 0, 9)).rejects.toBeInstanceOf(RangeFetchError)
    expect(cancel).toHaveBeenCalled()
  })
})
