import pg from 'pg'

/**
 * Both engines give the same JS values: int8 as a number while it is a safe integer (a bigint
 * beyond), numeric as a string, bytea as a Buffer, and timestamps written in UTC. PGlite already
 * does the int8 part; node-postgres would give strings.
 */
export const sessionTimeZone = 'UTC'

const INT8 = 20
const INT8_ARRAY = 1016
const BYTEA = 17

export function parseInt8(text: string): number | bigint {
  const n = Number(text)
  return Number.isSafeInteger(n) ? n : BigInt(text)
}

function parseByteaHex(text: string): Buffer {
  return Buffer.from(text.startsWith('\\x') ? text.slice(2) : text, 'hex')
}

/** Instance parsers for PGlite (merged over its defaults). */
export const pgliteParsers: Record<number, (text: string) => unknown> = {
  [INT8]: parseInt8,
  [BYTEA]: parseByteaHex,
}

let installed = false

/**
 * Drizzle passes its own per-query type parsers to node-postgres that fall back to the global
 * ones, so a Pool's `types` option would be ignored: the global registry is the only place.
 */
export function installPgTypeParsers(): void {
  if (installed) return
  installed = true
  // pg-types lists only the scalar OIDs in its TypeId enum; the array OID is valid all the same.
  const int8Array = INT8_ARRAY as Parameters<typeof pg.types.getTypeParser>[0]
  const parseTextArray = pg.types.getTypeParser(int8Array) as (text: string) => (string | null)[]
  pg.types.setTypeParser(INT8, parseInt8)
  pg.types.setTypeParser(int8Array, (text) => parseTextArray(text).map((v) => (v === null ? null : parseInt8(v))))
}
