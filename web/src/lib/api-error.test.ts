import { describe, expect, it } from 'vitest'
import { genericErrorMessage, messageFromBody, parseErrorBody } from './api-error.js'

describe('parseErrorBody', () => {
  it('reads detail and code from the server error shape', () => {
    expect(parseErrorBody('{"detail":"Transfer exceeds your plan limits.","code":"plan_limit"}')).toEqual({
      detail: 'Transfer exceeds your plan limits.',
      code: 'plan_limit',
    })
  })

  it('prefers detail over error, and error over message lists', () => {
    expect(parseErrorBody('{"detail":"from detail","error":"from error"}').detail).toBe('from detail')
    expect(parseErrorBody('{"error":"Invalid credentials","messages":["x"]}').detail).toBe('Invalid credentials')
  })

  it('joins an array of messages, whether the body, detail or errors holds it', () => {
    expect(parseErrorBody('["Email is required","Password is too short"]').detail).toBe(
      'Email is required; Password is too short',
    )
    expect(parseErrorBody('{"detail":[{"msg":"field required"},{"message":"too long"}]}').detail).toBe(
      'field required; too long',
    )
    expect(parseErrorBody('{"errors":["bad email"]}').detail).toBe('bad email')
    expect(parseErrorBody('{"messages":[{"message":"a"},"b"]}').detail).toBe('a; b')
  })

  it('uses a plain-text body as the message', () => {
    expect(parseErrorBody('Service Unavailable\n')).toEqual({ detail: 'Service Unavailable', code: undefined })
  })

  it('falls back to the generic message for empty, HTML, oversized or shapeless bodies', () => {
    expect(genericErrorMessage).toBe('An error occurred')
    expect(parseErrorBody('').detail).toBe(genericErrorMessage)
    expect(parseErrorBody('<html><body>502 Bad Gateway</body></html>').detail).toBe(genericErrorMessage)
    expect(parseErrorBody('x'.repeat(301)).detail).toBe(genericErrorMessage)
    expect(parseErrorBody('{"detail":"  ","foo":1}').detail).toBe(genericErrorMessage)
    expect(parseErrorBody('[]').detail).toBe(genericErrorMessage)
    expect(parseErrorBody('42')).toEqual({ detail: genericErrorMessage, code: undefined })
  })

  it('ignores a code that is not a non-empty string', () => {
    expect(parseErrorBody('{"detail":"x","code":404}').code).toBeUndefined()
  })
})

describe('messageFromBody', () => {
  it('returns undefined when nothing usable is present', () => {
    expect(messageFromBody(null)).toBeUndefined()
    expect(messageFromBody({ detail: [{ loc: ['body'] }] })).toBeUndefined()
  })
})
