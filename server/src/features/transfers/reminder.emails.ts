import type { Language } from '@ferry/contracts/domain/languages'
import type { MailMessage } from '../../adapters/mailer/mailer.js'
import { composeMail, singleLine } from '../../mail/mail-layout.js'
import { mailText } from '../../mail/mail-text.js'
import { type DatedLinkMail, datedLinkEmail } from './transfers.emails.js'

/** The one reminder a recipient who has not downloaded gets a day before expiry (issue 18 item 6), in the sender's language. */
export const reminderEmail = (mail: DatedLinkMail, language: Language): MailMessage =>
  datedLinkEmail(mail, language, 'reminder', 'reminder.once')

export interface ExpiredUnopenedMail {
  to: string
  title: string
  createdAt: Date
  /** Recipients who never downloaded anything of it. */
  recipients: string[]
  /** The transfer's page in the web app. */
  link: string
}

/** The one notice a sender gets when a transfer expired that a recipient never downloaded (issue 18 item 6). */
export function expiredUnopenedEmail(mail: ExpiredUnopenedMail, language: Language): MailMessage {
  const { t, date } = mailText(language, 'transfers')
  const subject = mail.title
    ? t('expiredUnopened.subject', { title: singleLine(mail.title) })
    : t('expiredUnopened.subjectUntitled')
  return composeMail({
    to: mail.to,
    language,
    subject,
    blocks: [
      { kind: 'paragraph', text: t('expiredUnopened.intro', { date: date(mail.createdAt) }) },
      { kind: 'list', items: mail.recipients },
      { kind: 'paragraph', text: t('expiredUnopened.again') },
      { kind: 'button', label: t('expiredUnopened.open'), url: mail.link },
    ],
  })
}
