/** Thrown by the database layer itself when the database cannot answer in time. */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE'
}

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
])

// SQLSTATE: admin/crash shutdown, cannot connect now, too many connections; class 08 is connection exceptions.
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300'])

const unavailableMessages = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /Cannot use a pool after calling end/i,
  /Client was closed and is not queryable/i,
  /PGlite is closed/i,
]

function isOwnUnavailable(err: object): boolean {
  if (err instanceof DatabaseUnavailableError) return true
  const code = (err as { code?: unknown }).code
  if (typeof code === 'string') {
    if (networkCodes.has(code) || unavailableStates.has(code)) return true
    if (/^08[0-9A-Z]{3}$/.test(code)) return true
  }
  const message = (err as { message?: unknown }).message
  return typeof message === 'string' && unavailableMessages.some((re) => re.test(message))
}

/**
 * True when an error means the database cannot be reached (refused, reset, terminated, shutting
 * down, pool timeout), so the caller should answer 503 rather than 500. Looks through Drizzle's
 * wrapping (`cause`) and AggregateErrors (Node tries every address of a host name).
 */
export function isDatabaseUnavailableError(err: unknown): boolean {
  const seen = new Set<unknown>()
  const queue: unknown[] = [err]
  while (queue.length) {
    const e = queue.shift()
    if (typeof e !== 'object' || e === null || seen.has(e)) continue
    seen.add(e)
    if (isOwnUnavailable(e)) return true
    queue.push((e as { cause?: unknown }).cause)
    if (e instanceof AggregateError) queue.push(...e.errors)
  }
  return false
}

// SQLSTATE 22021 (a NUL byte or invalid UTF-8) and 22P05 (a character the encoding cannot hold).
const invalidTextStates = new Set(['22021', '22P05'])

/**
 * True when the database refused a value's characters: a 400 from input, never a 500. The input
 * checks refuse such text first; this is the backstop for a field they missed.
 */
export function isInvalidTextError(err: unknown): boolean {
  const seen = new Set<unknown>()
  for (
    let e: unknown = err;
    typeof e === 'object' && e !== null && !seen.has(e);
    e = (e as { cause?: unknown }).cause
  ) {
    seen.add(e)
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && invalidTextStates.has(code)) return true
  }
  return false
}
