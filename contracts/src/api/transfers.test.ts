import { describe, expect, it } from 'vitest'
import { recipientProblem, splitRecipientInput, transferCreateRequest, transferStatus } from './transfers.js'

describe('recipient rules (spec/transfers.md §5)', () => {
  it('splits on commas, semicolons and whitespace, trimmed and lower-cased', () => {
    expect(splitRecipientInput(' Ann@Example.com, bob@x.io;carl@y.org\n\tdee@z.net  ')).toEqual([
      'ann@example.com',
      'bob@x.io',
      'carl@y.org',
      'dee@z.net',
    ])
    expect(splitRecipientInput(' ;, ')).toEqual([])
  })

  it('reports the first problem in the order the form checks them', () => {
    expect(recipientProblem([], 1)).toEqual({ code: 'recipient_required' })
    expect(recipientProblem(['a@b.co', 'nope'], 5)).toEqual({ code: 'recipient_invalid', value: 'nope' })
    for (const bad of ['a@b', '@b.co', 'a@.co', 'a b@c.co', 'a@b.']) {
      expect(recipientProblem([bad], 5), bad).toEqual({ code: 'recipient_invalid', value: bad })
    }
    expect(recipientProblem(['a@b.co', 'a@b.co'], 5)).toEqual({ code: 'recipient_duplicate', value: 'a@b.co' })
    expect(recipientProblem(['a@b.co', 'c@d.co'], 1)).toEqual({ code: 'recipients_too_many', n: 1 })
    expect(recipientProblem(['a@b.co', 'c@d.co'], 5)).toBeNull()
  })
})

describe('transfer status (spec/transfers.md §4)', () => {
  const now = new Date('2025-01-01T00:00:00Z')
  it('is deleted once deleted_at is set, else expired once expires_at passed', () => {
    expect(transferStatus({ expires_at: '2025-01-02T00:00:00Z', deleted_at: null }, now)).toBe('active')
    expect(transferStatus({ expires_at: now, deleted_at: null }, now)).toBe('expired')
    expect(transferStatus({ expires_at: '2024-01-01T00:00:00Z', deleted_at: now }, now)).toBe('deleted')
  })
})

describe('transfer create payload', () => {
  it('defaults the optional parts and bounds the title', () => {
    expect(transferCreateRequest.parse({ files: [{ file_key: 'k' }], recipient_email: 'a@b.co' })).toEqual({
      files: [{ file_key: 'k' }],
      recipient_emails: [],
      recipient_email: 'a@b.co',
      title: '',
      message: '',
    })
    expect(transferCreateRequest.safeParse({ title: 'x'.repeat(256) }).success).toBe(false)
    expect(transferCreateRequest.safeParse({ message: 'line one\nline two\ttab' }).success).toBe(true)
    expect(transferCreateRequest.safeParse({ message: 'bell\u0007' }).success).toBe(false)
    expect(transferCreateRequest.safeParse({ expires_in_hours: 0 }).success).toBe(false)
  })
})
