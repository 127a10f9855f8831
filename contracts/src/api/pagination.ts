import { z } from 'zod'

/**
 * Cursor pagination of every list endpoint (security review L-10): `?limit=` and `?cursor=` in,
 * `{items, next_cursor, total}` out. A cursor is opaque to clients: base64url of the last item's
 * sort key (its created_at in microseconds since the epoch, and its id), so a walk is stable when
 * items are added before it (newer ones) and the server answers each page with a keyset query.
 */
export const pageLimitDefault = 50
export const pageLimitMax = 100

/** Where a page starts: strictly after this (created_at, id) in the list's order. */
export interface PageCursor {
  /** created_at as whole microseconds since the epoch (a decimal string, so nothing is rounded). */
  at: string
  id: string
}

const limitMessage = `limit must be a whole number from 1 to ${pageLimitMax}.`
const cursorMessage = 'This cursor is not valid; start again from the first page (without cursor).'
const idPattern = /^[A-Za-z0-9_-]{1,100}$/
/** Up to year 2286, so any value is a timestamp both JavaScript and PostgreSQL accept. */
const microsPattern = /^\d{1,16}$/

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text)
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'))
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
  } catch {
    return undefined
  }
}

export function encodeCursor(cursor: PageCursor): string {
  return toBase64Url(JSON.stringify([cursor.at, cursor.id]))
}

/** The cursor a client sent back, or undefined when it is not one this server gave. */
export function decodeCursor(text: string): PageCursor | undefined {
  const json = fromBase64Url(text)
  if (json === undefined) return undefined
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return undefined
  }
  if (!Array.isArray(value) || value.length !== 2) return undefined
  const [at, id] = value as unknown[]
  if (typeof at !== 'string' || !microsPattern.test(at)) return undefined
  if (typeof id !== 'string' || !idPattern.test(id)) return undefined
  return { at, id }
}

/** `?limit=&cursor=` of every list; extend it with a list's own filters. */
export const pageQuery = z.object({
  limit: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return pageLimitDefault
      const n = /^\d{1,4}$/.test(v) ? Number(v) : Number.NaN
      if (!Number.isInteger(n) || n < 1 || n > pageLimitMax) {
        ctx.addIssue({ code: 'custom', message: limitMessage })
        return z.NEVER
      }
      return n
    }),
  cursor: z
    .string()
    .max(400, cursorMessage)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined
      const cursor = decodeCursor(v)
      if (!cursor) {
        ctx.addIssue({ code: 'custom', message: cursorMessage })
        return z.NEVER
      }
      return cursor
    }),
})
/** What a caller sends. */
export type PageQueryInput = { limit?: number; cursor?: string | null }
export type PageRequest = z.output<typeof pageQuery>

/** One page of a list: `next_cursor` is null on the last page; `total` counts the whole list. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    next_cursor: z.string().nullable(),
    total: z.int().nonnegative(),
  })
}
export interface Page<T> {
  items: T[]
  next_cursor: string | null
  total: number
}
