import { passwordMinLength } from '@ferry/contracts/api/auth'
import { dictionary } from '@zxcvbn-ts/language-common'
import { AppError } from '../../errors.js'

let common: Set<string> | undefined

/**
 * zxcvbn-ts's list of the most common passwords seen in breaches (about 49,000, ranked),
 * keeping those long enough to pass the length rule. Built on first use (a few ms).
 */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].filter((p) => p.length >= passwordMinLength))
  return common
}

const fold = (text: string) => text.normalize('NFKC').trim().toLowerCase()

/**
 * NIST 800-63B's checks on a new password beyond its length (security review L-7): not one of
 * the common breached passwords, and not the account's own email, the email's local part or
 * its name. Case does not make a listed password acceptable. Throws 400 with the reason.
 */
export function assertAcceptablePassword(password: string, account: { email: string; name?: string | null }): void {
  const folded = fold(password)
  if (commonPasswords().has(folded)) throw new AppError('password_common', 400)
  const email = fold(account.email)
  const own = [email, email.split('@')[0] ?? '', fold(account.name ?? '')].filter((s) => s.length > 0)
  if (own.includes(folded)) throw new AppError('password_personal', 400)
}
