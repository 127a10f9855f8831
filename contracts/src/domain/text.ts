import type { z } from 'zod'

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse them
const controlCharacters = /[\u0000-\u001f\u007f]/
// biome-ignore lint/suspicious/noControlCharactersInRegex: tabs and line breaks are fine in multi-line text
const controlCharactersBesideLineBreaks = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
/**
 * Characters that change the order text is shown in (embeddings, overrides, isolates and the
 * directional marks): `invoice\u202Efdp.exe` shows as invoiceexe.pdf (security review L-8).
 */
const bidiControls = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

/** Whether a one-line value (a name, an email, an id) holds a C0 control character or DEL. */
export const hasControlCharacters = (text: string) => controlCharacters.test(text)

/** Whether multi-line text (a message) holds a control character other than tab, CR and LF. */
export const hasControlCharactersBesideLineBreaks = (text: string) => controlCharactersBesideLineBreaks.test(text)

export const hasBidiControls = (text: string) => bidiControls.test(text)

/**
 * The one refinement every string field takes (security review L-1): a NUL or another control
 * character is a 400 with `{what} contains control characters.`, never a 500 from the database.
 * `multiline` lets tabs and line breaks through; `shown` also refuses bidi controls in what
 * people read as a name (file names, titles, display names).
 */
export function plainText<T extends z.ZodType<string, string>>(
  schema: T,
  what: string,
  options: { multiline?: boolean; shown?: boolean } = {},
) {
  const refuse = options.multiline ? hasControlCharactersBesideLineBreaks : hasControlCharacters
  const checked = schema.refine((v) => !refuse(v), `${what} contains control characters.`)
  return options.shown
    ? checked.refine((v) => !hasBidiControls(v), `${what} contains characters that reverse the text direction.`)
    : checked
}
