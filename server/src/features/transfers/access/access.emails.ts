import type { Language } from '@ferry/contracts/domain/languages'
import type { MailMessage } from '../../../adapters/mailer/mailer.js'
import { composeMail, singleLine } from '../../../mail/mail-layout.js'
import { mailText } from '../../../mail/mail-text.js'

/**
 * The one email a transfer's owner gets when its password is being guessed (at most one per
 * day per transfer). It names the transfer, never a password tried or set.
 */
export function guessingEmail(
  mail: { to: string; title: string; sentAt: Date; link: string },
  language: Language,
): MailMessage {
  const { t, date } = mailText(language, 'transfers')
  const title = singleLine(mail.title)
  const when = date(mail.sentAt)
  return composeMail({
    to: mail.to,
    language,
    subject: title ? t('guessing.subject', { title }) : t('guessing.subjectUntitled'),
    blocks: [
      {
        kind: 'paragraph',
        text: title ? t('guessing.intro', { title, date: when }) : t('guessing.introUntitled', { date: when }),
      },
      { kind: 'paragraph', text: t('guessing.advice') },
      { kind: 'button', label: t('guessing.open'), url: mail.link },
      { kind: 'note', text: t('guessing.once') },
    ],
  })
}

/**
 * The 6-digit code a recipient types on the share page of a transfer open only to its recipients
 * (issue 18 item 3). The subject ends with the code, as the sender's code does.
 */
export function recipientCodeEmail(
  mail: { to: string; code: string; title: string; senderName: string; expiresAt: Date },
  language: Language,
): MailMessage {
  const { t, date } = mailText(language, 'transfers')
  const title = singleLine(mail.title)
  const sender = singleLine(mail.senderName)
  return composeMail({
    to: mail.to,
    language,
    subject: t('recipientCode.subject', { code: mail.code }),
    blocks: [
      {
        kind: 'paragraph',
        text: title ? t('recipientCode.intro', { sender, title }) : t('recipientCode.introUntitled', { sender }),
      },
      { kind: 'paragraph', text: t('recipientCode.code', { code: mail.code }) },
      { kind: 'note', text: t('recipientCode.expires', { date: date(mail.expiresAt) }) },
      { kind: 'note', text: t('recipientCode.ignore') },
    ],
  })
}
