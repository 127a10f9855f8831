import { pageQuery } from '@ferry/contracts/api/pagination'
import { describe, expect, it } from 'vitest'
import { keyset, microsToIso } from './keyset-page.js'
import { requestLinks, transfers } from './schema/index.js'

const key = { at: requestLinks.createdAt, id: requestLinks.id }
const row = (id: string, cursorAt: string) => ({ id, cursorAt })

describe('keyset pages (security review L-10)', () => {
  it('turns a cursor time back into an exact timestamp, microseconds included', () => {
    expect(microsToIso('0')).toBe('1970-01-01T00:00:00.000000Z')
    expect(microsToIso('1795988389123456')).toBe('2026-11-29T21:39:49.123456Z')
    expect(microsToIso('1795988389000001')).toBe('2026-11-29T21:39:49.000001Z')
  })

  it('asks for one row more than the limit and gives a cursor only when there was more', async () => {
    const first = keyset(key, pageQuery.parse({ limit: '2' }))
    expect(first.take).toBe(3)
    expect(first.where).toBeUndefined()
    const full = await first.page(
      [row('a', '30'), row('b', '20'), row('c', '10')],
      7,
      (r) => r.id,
      (r) => r,
    )
    expect(full.items.map((r) => r.id)).toEqual(['a', 'b'])
    expect(full.total).toBe(7)
    const next = pageQuery.parse({ limit: '2', cursor: full.next_cursor })
    expect(next.cursor).toEqual({ at: '20', id: 'b' })
    expect(keyset(key, next).where).toBeDefined()

    const last = await first.page(
      [row('c', '10')],
      7,
      (r) => r.id,
      (r) => r,
    )
    expect(last).toEqual({ items: [row('c', '10')], next_cursor: null, total: 7 })
  })

  it('refuses a cursor whose id cannot be a uuid when the list is keyed by uuid', () => {
    const request = pageQuery.parse({ cursor: Buffer.from('["1","abc"]').toString('base64url') })
    expect(() => keyset({ at: transfers.createdAt, id: transfers.id }, request)).toThrow(/cursor is not valid/)
  })
})
