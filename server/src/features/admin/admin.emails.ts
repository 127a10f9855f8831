import type { MailMessage } from '../../adapters/mailer/mailer.js'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })

// biome-ignore lint/suspicious/noControlCharactersInRegex: headers must not carry them
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()

export interface AccountCreatedEmail {
  to: string
  name: string
  link: string
  expiresAt: Date
  /** A new account, or an admin's new link for an existing one. */
  reason: 'created' | 'new-link'
}

/** The invited user's notice (product.md §4, §8): an admin made the account (or sent a new link); it sets the password once. */
export function accountCreatedEmail(mail: AccountCreatedEmail): MailMessage {
  const lines = [
    `Hello ${oneLine(mail.name)},`,
    '',
    mail.reason === 'created'
      ? 'An administrator created a Ferry account for you. Choose your password here to start using it:'
      : 'An administrator sent you a link to choose a new password for your Ferry account:',
    mail.link,
    '',
    `The link works once and expires on ${dateFormat.format(mail.expiresAt)} UTC.`,
    'If you did not expect this email, you can ignore it.',
  ]
  const subject = mail.reason === 'created' ? 'Your Ferry account: choose a password' : 'Ferry: choose a new password'
  return { to: mail.to, subject, text: `${lines.join('\n')}\n` }
}
