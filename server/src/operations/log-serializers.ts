import { pino } from 'pino'

type Serialized = Record<string, unknown>

const frames = (stack: unknown) =>
  typeof stack === 'string' ? stack.split('\n').filter((line) => /^\s+at /.test(line)) : []

/** A failed query as Drizzle wraps it: the SQL text, the values bound to it, and the driver's error. */
function isQueryError(error: object): error is Error & { query: string; params: unknown[]; cause?: unknown } {
  const e = error as { query?: unknown; params?: unknown }
  return typeof e.query === 'string' && Array.isArray(e.params)
}

/** Replaces every bound value that appears in `text` (the driver's message may quote one). */
function redactValues(text: string, params: unknown[]): string {
  let redacted = text
  for (const value of params) {
    const literal = typeof value === 'string' ? value : value instanceof Date ? undefined : JSON.stringify(value)
    if (literal && literal.length >= 3) redacted = redacted.split(literal).join('[redacted]')
  }
  return redacted
}

/** The driver's error under a failed query: its SQLSTATE and its words, without the bound values. */
function serializeDriverError(cause: unknown, params: unknown[]): Serialized | undefined {
  if (!cause || typeof cause !== 'object') return undefined
  const e = cause as { name?: unknown; message?: unknown; code?: unknown; detail?: unknown; constraint?: unknown }
  const text = (value: unknown) => (typeof value === 'string' ? redactValues(value, params) : undefined)
  return {
    type: typeof e.name === 'string' ? e.name : 'Error',
    message: text(e.message),
    code: e.code,
    detail: text(e.detail),
    constraint: e.constraint,
  }
}

/**
 * pino's error serializer, except for failed database queries: Drizzle puts the bound values in
 * the error's message, stack and `params`, and a register with a bad name logged the new
 * account's password hash (security review L-1). Those are logged as the SQL text, the driver's
 * SQLSTATE and message (bound values redacted) and the stack frames.
 */
export function serializeError(error: unknown): unknown {
  if (!error || typeof error !== 'object') return error
  if (isQueryError(error)) {
    return {
      type: error.constructor?.name ?? 'Error',
      message: `Failed query: ${error.query}`,
      query: error.query,
      stack: frames(error.stack).join('\n'),
      cause: serializeDriverError(error.cause, error.params),
    }
  }
  if (!causedByQueryError(error)) return pino.stdSerializers.err(error as Error)
  // pino would append the causes' messages and stacks: keep this error's own, then the causes safely.
  const e = error as Error & { cause?: unknown }
  return {
    type: e.constructor?.name ?? 'Error',
    message: e.message,
    stack: frames(e.stack).join('\n'),
    cause: serializeError(e.cause),
  }
}

function causedByQueryError(error: object): boolean {
  const seen = new Set<unknown>()
  for (let e: unknown = (error as { cause?: unknown }).cause; e && typeof e === 'object' && !seen.has(e); ) {
    if (isQueryError(e)) return true
    seen.add(e)
    e = (e as { cause?: unknown }).cause
  }
  return false
}
