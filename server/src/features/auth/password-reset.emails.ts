import type { Language } from '@ferry/contracts/domain/languages'
import type { MailMessage } from '../../adapters/mailer/mailer.js'
import { composeMail, singleLine } from '../../mail/mail-layout.js'
import { mailText } from '../../mail/mail-text.js'

interface Account {
  to: string
  name: string
}

/** The emailed reset link (product.md §23), in the account's language. */
export function passwordResetMail(mail: Account & { link: string; expiresAt: Date }, language: Language): MailMessage {
  const { t, date } = mailText(language, 'auth')
  return composeMail({
    to: mail.to,
    language,
    subject: t('passwordReset.subject'),
    blocks: [
      { kind: 'paragraph', text: t('passwordReset.greeting', { name: singleLine(mail.name) }) },
      { kind: 'paragraph', text: t('passwordReset.intro', { email: mail.to }) },
      { kind: 'button', label: t('passwordReset.button'), url: mail.link },
      { kind: 'note', text: t('passwordReset.expires', { date: date(mail.expiresAt) }) },
      { kind: 'note', text: t('passwordReset.ignore') },
    ],
  })
}

/** Tells the owner the password changed (by a reset link or in the settings), with what to do if it was not them. */
export function passwordChangedMail(
  mail: Account & { at: Date; how: 'reset' | 'changed' },
  language: Language,
): MailMessage {
  const { t, date } = mailText(language, 'auth')
  const values = { email: mail.to, date: date(mail.at) }
  return composeMail({
    to: mail.to,
    language,
    subject: t('passwordChanged.subject'),
    blocks: [
      { kind: 'paragraph', text: t('passwordChanged.greeting', { name: singleLine(mail.name) }) },
      {
        kind: 'paragraph',
        text: mail.how === 'reset' ? t('passwordChanged.reset', values) : t('passwordChanged.changed', values),
      },
      { kind: 'note', text: t('passwordChanged.notYou') },
    ],
  })
}
