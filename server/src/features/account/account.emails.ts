import type { Language } from '@ferry/contracts/domain/languages'
import type { MailMessage } from '../../adapters/mailer/mailer.js'
import { composeMail, singleLine } from '../../mail/mail-layout.js'
import { mailText } from '../../mail/mail-text.js'

/** To the NEW address: the link that makes it the account's address (product.md §23). */
export function emailChangeMail(
  mail: { to: string; oldEmail: string; name: string; link: string; expiresAt: Date },
  language: Language,
): MailMessage {
  const { t, date } = mailText(language, 'account')
  return composeMail({
    to: mail.to,
    language,
    subject: t('emailChange.subject'),
    blocks: [
      { kind: 'paragraph', text: t('emailChange.greeting', { name: singleLine(mail.name) }) },
      { kind: 'paragraph', text: t('emailChange.intro', { email: mail.to, oldEmail: mail.oldEmail }) },
      { kind: 'button', label: t('emailChange.button'), url: mail.link },
      { kind: 'note', text: t('emailChange.expires', { date: date(mail.expiresAt) }) },
      { kind: 'note', text: t('emailChange.ignore') },
    ],
  })
}

/** To the OLD address once the change took effect, so a takeover does not go unnoticed. */
export function emailChangedMail(
  mail: { to: string; newEmail: string; name: string; at: Date },
  language: Language,
): MailMessage {
  const { t, date } = mailText(language, 'account')
  return composeMail({
    to: mail.to,
    language,
    subject: t('emailChanged.subject'),
    blocks: [
      { kind: 'paragraph', text: t('emailChanged.greeting', { name: singleLine(mail.name) }) },
      {
        kind: 'paragraph',
        text: t('emailChanged.body', { email: mail.newEmail, oldEmail: mail.to, date: date(mail.at) }),
      },
      { kind: 'note', text: t('emailChanged.notYou') },
    ],
  })
}

/** After "Delete my account": what went, sent to the address the account had. */
export function accountDeletedMail(mail: { to: string; name: string; at: Date }, language: Language): MailMessage {
  const { t, date } = mailText(language, 'account')
  return composeMail({
    to: mail.to,
    language,
    subject: t('accountDeleted.subject'),
    blocks: [
      { kind: 'paragraph', text: t('accountDeleted.greeting', { name: singleLine(mail.name) }) },
      { kind: 'paragraph', text: t('accountDeleted.body', { email: mail.to, date: date(mail.at) }) },
      { kind: 'note', text: t('accountDeleted.farewell') },
    ],
  })
}
