import type { Language } from '@ferry/contracts/domain/languages'
import type { MailMessage } from '../../adapters/mailer/mailer.js'
import { composeMail, singleLine } from '../../mail/mail-layout.js'
import { mailText } from '../../mail/mail-text.js'

export interface AccountCreatedEmail {
  to: string
  name: string
  link: string
  expiresAt: Date
  /** A new account, or an admin's new link for an existing one. */
  reason: 'created' | 'new-link'
}

/**
 * The account's set-password notice (product.md §4, §8): an admin made the account, or sent a new
 * link; it sets the password once. Written in the account's language (a new account gets the
 * language of the admin who made it).
 */
export function accountCreatedEmail(mail: AccountCreatedEmail, language: Language): MailMessage {
  const { t, date } = mailText(language, 'admin')
  const created = mail.reason === 'created'
  return composeMail({
    to: mail.to,
    language,
    subject: created ? t('setPassword.subjectCreated') : t('setPassword.subjectNewLink'),
    blocks: [
      { kind: 'paragraph', text: t('setPassword.greeting', { name: singleLine(mail.name) }) },
      {
        kind: 'paragraph',
        text: created ? t('setPassword.created', { email: mail.to }) : t('setPassword.newLink', { email: mail.to }),
      },
      { kind: 'button', label: t('setPassword.button'), url: mail.link },
      { kind: 'note', text: t('setPassword.expires', { date: date(mail.expiresAt) }) },
      { kind: 'note', text: t('setPassword.ignore') },
    ],
  })
}
