import { describe, expect, it } from 'vitest'
import { addRecipients, splitTyping } from './recipients.js'

describe('addRecipients (spec/transfers.md §5)', () => {
  it('splits on commas, semicolons and whitespace, lower-cased and trimmed', () => {
    expect(addRecipients([], ' Ann@Example.com, bob@x.io;carl@y.org\n', 5)).toEqual({
      recipients: ['ann@example.com', 'bob@x.io', 'carl@y.org'],
      remaining: '',
      problem: null,
    })
  })

  it('keeps an invalid entry in the input and names it', () => {
    expect(addRecipients(['a@b.co'], 'nope c@d.co', 5)).toEqual({
      recipients: ['a@b.co', 'c@d.co'],
      remaining: 'nope',
      problem: { code: 'invalid', value: 'nope' },
    })
  })

  it('refuses a duplicate, whatever its case, and drops it', () => {
    expect(addRecipients(['a@b.co'], 'A@B.CO', 5)).toEqual({
      recipients: ['a@b.co'],
      remaining: '',
      problem: { code: 'duplicate', value: 'a@b.co' },
    })
    expect(addRecipients([], 'x@y.co x@y.co', 5).problem).toEqual({ code: 'duplicate', value: 'x@y.co' })
  })

  it('stops at the plan cap and keeps the rest in the input', () => {
    expect(addRecipients(['a@b.co'], 'c@d.co e@f.co', 2)).toEqual({
      recipients: ['a@b.co', 'c@d.co'],
      remaining: 'e@f.co',
      problem: { code: 'too_many', n: 2 },
    })
  })

  it('asks for an address only when Enter is pressed on nothing, with nobody added yet', () => {
    expect(addRecipients([], '  ', 5, true).problem).toEqual({ code: 'email_required' })
    expect(addRecipients([], '  ', 5).problem).toBeNull()
    expect(addRecipients(['a@b.co'], '  ', 5, true).problem).toBeNull()
  })
})

describe('splitTyping', () => {
  it('separates what is complete from what is still being typed', () => {
    expect(splitTyping('a@b.co, c@')).toEqual({ complete: 'a@b.co, ', partial: 'c@' })
    expect(splitTyping('a@b.co')).toEqual({ complete: '', partial: 'a@b.co' })
    expect(splitTyping('a@b.co;')).toEqual({ complete: 'a@b.co;', partial: '' })
  })
})
