import { hasControlCharactersBesideLineBreaks } from '@ferry/contracts/domain/text'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../errors.js'

/** The path (`files.0.file_name`) of the first string holding a control character, if any. */
export function findControlCharacters(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return hasControlCharactersBesideLineBreaks(value) ? path.join('.') : undefined
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined
  for (const [key, child] of Object.entries(value)) {
    if (hasControlCharactersBesideLineBreaks(key)) return [...path, '(a key)'].join('.')
    const found = findControlCharacters(child, [...path, key], depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}

/**
 * Every route's path parameters, query string and JSON body are checked before validation: a
 * NUL or another control character (tabs and line breaks aside) in any string is a 400, whatever
 * the route's schema says (security review L-1; the contracts' fields refuse them too, with their
 * own words). Raw bodies (file bytes, webhooks) are not strings here and pass untouched.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['path', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const found = findControlCharacters(value)
      if (found !== undefined) {
        throw new AppError('validation_failed', 400, `${found || where}: contains control characters.`)
      }
    }
  })
}
