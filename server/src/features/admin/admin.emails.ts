import type { MailMessage } from '../../adapters/mailer/mailer.js'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })

// biome-ignore lint/suspicious/noControlCharactersInRegex: headers must not carry them
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()

export interface AccountCreatedEmail {
  to: string
  name: string
  link: string
  expiresAt: Date
}

/** The invited user's notice (DECISIONS 4, 8): an admin made the account; the link sets its password once. */
export function accountCreatedEmail(mail: AccountCreatedEmail): MailMessage {
  const lines = [
    `Hello ${oneLine(mail.name)},`,
    '',
    'An administrator created a Ferry account for you. Choose your password here to start using it:',
    mail.link,
    '',
    `The link works once and expires on ${dateFormat.format(mail.expiresAt)} UTC.`,
    'If you did not expect this email, you can ignore it.',
  ]
  return { to: mail.to, subject: 'Your Ferry account: choose a password', text: `${lines.join('\n')}\n` }
}
