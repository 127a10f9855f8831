import { encodeCursor, type Page } from '@ferry/contracts/api/pagination'
import { expect } from 'vitest'
import type { TestApp } from './test-app.js'

/** A list endpoint as the pagination checks see it (security review L-10). */
export interface PagedList {
  app: TestApp
  /** The list's path, with its own query if any (`/api/admin/referrals?payout_status=PENDING`). */
  path: string
  token: string
  /** Adds one item to this caller's list (it sorts first, as the newest). */
  add: () => Promise<unknown>
  /** The item's id in the answer (default `id`). */
  idOf?: (item: Record<string, unknown>) => string
}

type Answer = { status: number; body: Page<Record<string, unknown>> & { detail?: string } }

export async function getPage(app: TestApp, path: string, token: string, query: Record<string, string> = {}) {
  const url = new URL(path, 'http://x')
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
  const res = await app.api(`${url.pathname}${url.search}`, { headers: { authorization: `Bearer ${token}` } })
  return { status: res.status, body: await res.json() } as Answer
}

/**
 * Walks the list two items at a time and, after the first page, adds an item: the walk still
 * yields exactly the items listed before it, in order, once each, and ends with next_cursor null.
 * The list must hold at least 3 and at most 100 items. Returns the ids walked.
 */
export async function expectStableWalk(list: PagedList): Promise<string[]> {
  const idOf = list.idOf ?? ((item) => String(item.id))
  const before = await getPage(list.app, list.path, list.token, { limit: '100' })
  expect(before.status).toBe(200)
  expect(before.body.next_cursor).toBeNull()
  const expected = before.body.items.map(idOf)
  expect(expected.length).toBeGreaterThanOrEqual(3)
  expect(before.body.total).toBe(expected.length)

  const walked: string[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const query: Record<string, string> = { limit: '2' }
    if (cursor) query.cursor = cursor
    const res = await getPage(list.app, list.path, list.token, query)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.items.length).toBeLessThanOrEqual(2)
    if (pages === 0) expect(res.body.total).toBe(expected.length)
    walked.push(...res.body.items.map(idOf))
    cursor = res.body.next_cursor
    if (pages === 0) await list.add()
    pages++
    expect(pages).toBeLessThan(200)
  } while (cursor)
  expect(walked).toEqual(expected)

  const after = await getPage(list.app, list.path, list.token, { limit: '100' })
  expect(after.body.total).toBe(expected.length + 1)
  expect(after.body.items.map(idOf).slice(1)).toEqual(expected)
  return walked
}

/** limit is 1..100 (400 beyond, with a message naming it); a cursor this server did not give is a 400. */
export async function expectPageBounds(app: TestApp, path: string, token: string): Promise<void> {
  const one = await getPage(app, path, token, { limit: '1' })
  expect(one.status).toBe(200)
  expect(one.body.items).toHaveLength(1)
  expect((await getPage(app, path, token, { limit: '100' })).status).toBe(200)
  for (const limit of ['0', '101', '-1', 'abc', '1.5', '1e2']) {
    const res = await getPage(app, path, token, { limit })
    expect(res.status, `limit=${limit}`).toBe(400)
    expect(res.body.detail).toMatch(/limit must be a whole number from 1 to 100/)
  }
  const badCursors = [
    'not a cursor',
    '!!!',
    Buffer.from('{"at":1}').toString('base64url'),
    Buffer.from('["abc","x"]').toString('base64url'),
    Buffer.from('["1","x","y"]').toString('base64url'),
    encodeCursor({ at: '1', id: 'x' }).slice(0, -3),
    Buffer.from('["99999999999999999","x"]').toString('base64url'),
    'x'.repeat(1000),
  ]
  for (const cursor of badCursors) {
    const res = await getPage(app, path, token, { cursor })
    expect(res.status, `cursor=${cursor}`).toBe(400)
    expect(res.body.detail).toMatch(/cursor is not valid/)
  }
}

/** Another caller, even with a cursor from this list, sees none of its items. */
export async function expectOwnListOnly(list: PagedList, otherToken: string): Promise<void> {
  const idOf = list.idOf ?? ((item) => String(item.id))
  const mine = await getPage(list.app, list.path, list.token, { limit: '1' })
  const ids = new Set((await getPage(list.app, list.path, list.token, { limit: '100' })).body.items.map(idOf))
  const queries: Record<string, string>[] = [{}]
  if (mine.body.next_cursor) queries.push({ cursor: mine.body.next_cursor })
  for (const query of queries) {
    const theirs = await getPage(list.app, list.path, otherToken, query)
    expect(theirs.status).toBe(200)
    expect(theirs.body.items.map(idOf).filter((id) => ids.has(id))).toEqual([])
  }
}
