import { encodeCursor, type Page, type PageCursor, type PageRequest } from '@ferry/contracts/api/pagination'
import { type AnyColumn, desc, type SQL, sql } from 'drizzle-orm'
import { badRequest } from '../errors.js'

/** The sort key of a list, newest first: a timestamptz and the row's id as the tie-break. */
export interface KeysetKey {
  at: AnyColumn
  id: AnyColumn
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const staleCursor = 'This cursor is not valid; start again from the first page (without cursor).'

/** Whole microseconds since the epoch as an exact ISO timestamp (a JS Date keeps only milliseconds). */
export function microsToIso(micros: string): string {
  const value = BigInt(micros)
  const millis = value / 1000n
  const rest = value % 1000n
  const date = new Date(Number(millis))
  if (Number.isNaN(date.getTime())) throw badRequest(staleCursor, 'validation_failed')
  return `${date.toISOString().slice(0, -1)}${rest.toString().padStart(3, '0')}Z`
}

/**
 * One page of a list by a keyset query (security review L-10): rows strictly after the cursor in
 * (at desc, id desc) order, one more than the limit to know whether a next page exists. Use its
 * `where`, `orderBy`, `take` and `cursorAt` (selected beside each row as `cursorAt`) in the query,
 * then `page()` the rows. An index on (filter columns, at, id) serves it without OFFSET.
 */
export function keyset(key: KeysetKey, request: PageRequest) {
  const { cursor, limit } = request
  if (cursor && key.id.columnType === 'PgUUID' && !uuidPattern.test(cursor.id)) {
    throw badRequest(staleCursor, 'validation_failed')
  }
  const where: SQL | undefined = cursor
    ? sql`(${key.at}, ${key.id}) < (${microsToIso(cursor.at)}::timestamptz, ${cursor.id})`
    : undefined
  return {
    where,
    orderBy: [desc(key.at), desc(key.id)] as const,
    take: limit + 1,
    /** The row's `at` in whole microseconds, exact, for its cursor. */
    cursorAt: sql<string>`(extract(epoch from ${key.at}) * 1000000)::bigint::text`.mapWith(String),
    /** The page of `rows` (fetched with `take`), mapped to the answer's items. */
    async page<R extends { cursorAt: string }, T>(
      rows: R[],
      total: number,
      idOf: (row: R) => string,
      toItems: (rows: R[]) => T[] | Promise<T[]>,
    ): Promise<Page<T>> {
      const shown = rows.slice(0, limit)
      const last = shown.at(-1)
      const next: PageCursor | undefined =
        rows.length > limit && last ? { at: String(last.cursorAt), id: idOf(last) } : undefined
      return { items: await toItems(shown), next_cursor: next ? encodeCursor(next) : null, total }
    },
  }
}
