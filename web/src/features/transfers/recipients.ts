import { recipientEmailMaxLength, recipientEmailPattern, splitRecipientInput } from '@ferry/contracts/api/transfers'

/** Why an entry was refused (spec/transfers.md §5), with what the message names. */
export type RecipientEntryProblem =
  | { code: 'email_required' }
  | { code: 'invalid'; value: string }
  | { code: 'duplicate'; value: string }
  | { code: 'too_many'; n: number }

export interface RecipientEntryResult {
  recipients: string[]
  /** What stays in the input: the entries that were not taken (invalid or over the cap), to fix. */
  remaining: string
  /** The first problem met, if any. */
  problem: RecipientEntryProblem | null
}

const isEmail = (value: string) => value.length <= recipientEmailMaxLength && recipientEmailPattern.test(value)

/**
 * Adds what was typed or pasted to the list (spec/transfers.md §5): split on commas, semicolons or whitespace,
 * lower-cased and trimmed; invalid entries and those over `max` stay in the input; duplicates
 * are dropped. `explicit` (Enter) with nothing typed and nobody added yet asks for an address.
 */
export function addRecipients(
  current: readonly string[],
  input: string,
  max: number,
  explicit = false,
): RecipientEntryResult {
  const parts = splitRecipientInput(input)
  if (parts.length === 0) {
    return {
      recipients: [...current],
      remaining: '',
      problem: explicit && current.length === 0 ? { code: 'email_required' } : null,
    }
  }
  const recipients = [...current]
  const kept: string[] = []
  let problem: RecipientEntryProblem | null = null
  for (const part of parts) {
    let found: RecipientEntryProblem | null = null
    if (!isEmail(part)) {
      found = { code: 'invalid', value: part }
      kept.push(part)
    } else if (recipients.includes(part)) {
      found = { code: 'duplicate', value: part }
    } else if (recipients.length >= max) {
      found = { code: 'too_many', n: max }
      kept.push(part)
    } else {
      recipients.push(part)
    }
    problem ??= found
  }
  return { recipients, remaining: kept.join(', '), problem }
}

/**
 * Splits typing at its last separator: what comes before is ready to add, the rest is still
 * being typed ('a@b.co, c@' → ['a@b.co, ', 'c@']).
 */
export function splitTyping(value: string): { complete: string; partial: string } {
  const match = /[,;\s](?=[^,;\s]*$)/.exec(value)
  if (!match) return { complete: '', partial: value }
  return { complete: value.slice(0, match.index + 1), partial: value.slice(match.index + 1) }
}
