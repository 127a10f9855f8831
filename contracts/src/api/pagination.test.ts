import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { decodeCursor, encodeCursor, page, pageLimitDefault, pageQuery } from './pagination.js'

describe('list cursors (security review L-10)', () => {
  it('round-trips a sort key through an opaque base64url string', () => {
    const cursor = { at: '1795988389123456', id: '0b9f2c1e-3d4a-4b5c-8d6e-7f8091a2b3c4' }
    const text = encodeCursor(cursor)
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(text).not.toContain(cursor.id)
    expect(decodeCursor(text)).toEqual(cursor)
    expect(decodeCursor(encodeCursor({ at: '0', id: 'req_AbC-12' }))).toEqual({ at: '0', id: 'req_AbC-12' })
  })

  it('refuses what it did not make', () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64url')
    for (const bad of [
      '',
      '!!!',
      'a b',
      b64('not json'),
      b64('{"at":"1","id":"x"}'),
      b64('["1"]'),
      b64('[1,"x"]'),
      b64('["-1","x"]'),
      b64('["1.5","x"]'),
      b64('["12345678901234567","x"]'),
      b64('["1","a/b"]'),
      b64(`["1","${'x'.repeat(101)}"]`),
      b64('["1","x","y"]'),
      Buffer.from([0xff, 0xfe]).toString('base64url'),
    ]) {
      expect(decodeCursor(bad), bad).toBeUndefined()
    }
  })

  it('reads limit and cursor from the query: limit 1..100, default 50', () => {
    expect(pageQuery.parse({})).toEqual({ limit: pageLimitDefault, cursor: undefined })
    expect(pageQuery.parse({ limit: '1' }).limit).toBe(1)
    expect(pageQuery.parse({ limit: '100' }).limit).toBe(100)
    const cursor = encodeCursor({ at: '5', id: 'x' })
    expect(pageQuery.parse({ cursor }).cursor).toEqual({ at: '5', id: 'x' })
    for (const limit of ['0', '101', '-1', 'abc', '1.5', '1e2', ' 5']) {
      const result = pageQuery.safeParse({ limit })
      expect(result.success, limit).toBe(false)
      expect(result.error?.issues[0]?.message).toBe('limit must be a whole number from 1 to 100.')
    }
    const bad = pageQuery.safeParse({ cursor: 'nope!' })
    expect(bad.error?.issues[0]?.message).toMatch(/cursor is not valid/)
  })

  it('answers items, next_cursor and total', () => {
    const schema = page(z.object({ id: z.string() }))
    expect(schema.parse({ items: [{ id: 'a' }], next_cursor: null, total: 1 })).toEqual({
      items: [{ id: 'a' }],
      next_cursor: null,
      total: 1,
    })
    expect(schema.safeParse([{ id: 'a' }]).success).toBe(false)
  })
})
