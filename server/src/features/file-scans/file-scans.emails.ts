import type { Language } from '@ferry/contracts/domain/languages'
import type { MailMessage } from '../../adapters/mailer/mailer.js'
import { composeMail, singleLine } from '../../mail/mail-layout.js'
import { mailText } from '../../mail/mail-text.js'

export interface InfectedMail {
  to: string
  title: string
  sentAt: Date
  file: string
  signature: string
  /** The transfer's page in the web app. */
  link: string
}

/** The sender's notice that a file of theirs was infected and the transfer is held (issue 24 item 7), in their language. */
export function infectedEmail(mail: InfectedMail, language: Language): MailMessage {
  const { t, date } = mailText(language, 'transfers')
  const subject = mail.title ? t('infected.subjectTitled', { title: singleLine(mail.title) }) : t('infected.subject')
  return composeMail({
    to: mail.to,
    language,
    subject,
    blocks: [
      {
        kind: 'paragraph',
        text: t('infected.intro', {
          date: date(mail.sentAt),
          signature: singleLine(mail.signature),
          file: singleLine(mail.file),
        }),
      },
      { kind: 'paragraph', text: t('infected.held') },
      { kind: 'button', label: t('infected.open'), url: mail.link },
    ],
  })
}

export interface ScannerDownMail {
  to: string
  error: string
  link: string
}

/** An admin's alert that clamd cannot be reached, so transfers wait (issue 24 item 7). */
export function scannerDownEmail(mail: ScannerDownMail, language: Language): MailMessage {
  const { t } = mailText(language, 'admin')
  return composeMail({
    to: mail.to,
    language,
    subject: t('scannerDown.subject'),
    blocks: [
      { kind: 'paragraph', text: t('scannerDown.intro', { error: singleLine(mail.error) }) },
      { kind: 'paragraph', text: t('scannerDown.waiting') },
      { kind: 'button', label: t('scannerDown.open'), url: mail.link },
      { kind: 'note', text: t('scannerDown.once') },
    ],
  })
}
