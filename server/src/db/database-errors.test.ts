import { DrizzleQueryError } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DatabaseUnavailableError, isDatabaseUnavailableError } from './database-errors.js'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailableError', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED')],
    ['connection reset', withCode('ECONNRESET')],
    ['admin shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown', withCode('57P02')],
    ['cannot connect now', withCode('57P03', 'the database system is starting up')],
    ['connection failure class', withCode('08006')],
    ['too many connections', withCode('53300')],
    ['terminated', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['connect timeout', new Error('Connection terminated due to connection timeout')],
    ['PGlite closed', new Error('PGlite is closed')],
    ['own error', new DatabaseUnavailableError('gone')],
    ['every address refused', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
    ['wrapped by Drizzle', new DrizzleQueryError('select 1', [], withCode('ECONNREFUSED'))],
  ])('is true for %s', (_, err) => {
    expect(isDatabaseUnavailableError(err)).toBe(true)
  })

  it.each([
    ['unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['syntax error', withCode('42601')],
    ['statement timeout', withCode('57014', 'canceling statement due to statement timeout')],
    ['a plain error', new Error('boom')],
    ['wrapped constraint error', new DrizzleQueryError('insert', [], withCode('23503'))],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('is false for %s', (_, err) => {
    expect(isDatabaseUnavailableError(err)).toBe(false)
  })

  it('does not loop on a cyclic cause', () => {
    const a = new Error('a') as Error & { cause?: unknown }
    a.cause = a
    expect(isDatabaseUnavailableError(a)).toBe(false)
  })
})
