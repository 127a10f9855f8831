import type { Language } from '@ferry/contracts/domain/languages'
import type { MailMessage } from '../../adapters/mailer/mailer.js'
import { composeMail, singleLine } from '../../mail/mail-layout.js'
import { mailText } from '../../mail/mail-text.js'

export interface ConfirmEmailMail {
  to: string
  name: string
  /** The web page that confirms with a POST when the person clicks its button. */
  link: string
  code: string
  expiresAt: Date
}

/** The sign-up confirmation (spec/accounts.md §2): a link and a 6-digit code, in the account's language. */
export function confirmEmailMail(mail: ConfirmEmailMail, language: Language): MailMessage {
  const { t, date } = mailText(language, 'auth')
  return composeMail({
    to: mail.to,
    language,
    subject: t('confirmEmail.subject'),
    blocks: [
      { kind: 'paragraph', text: t('confirmEmail.greeting', { name: singleLine(mail.name) }) },
      { kind: 'paragraph', text: t('confirmEmail.intro', { email: mail.to }) },
      { kind: 'button', label: t('confirmEmail.button'), url: mail.link },
      { kind: 'paragraph', text: t('confirmEmail.code', { code: mail.code }) },
      { kind: 'note', text: t('confirmEmail.expires', { date: date(mail.expiresAt) }) },
      { kind: 'note', text: t('confirmEmail.ignore') },
    ],
  })
}
