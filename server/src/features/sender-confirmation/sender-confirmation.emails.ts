import type { Language } from '@ferry/contracts/domain/languages'
import type { MailMessage } from '../../adapters/mailer/mailer.js'
import { composeMail, singleLine } from '../../mail/mail-layout.js'
import { mailText } from '../../mail/mail-text.js'

export interface SenderCodeMail {
  to: string
  name: string
  code: string
  expiresAt: Date
}

/** The 6-digit code a sender on a plan with `requires_otp` confirms (DECISIONS §12), in the account's language. */
export function senderCodeMail(mail: SenderCodeMail, language: Language): MailMessage {
  const { t, date } = mailText(language, 'transfers')
  return composeMail({
    to: mail.to,
    language,
    subject: t('senderCode.subject', { code: mail.code }),
    blocks: [
      { kind: 'paragraph', text: t('senderCode.greeting', { name: singleLine(mail.name) }) },
      { kind: 'paragraph', text: t('senderCode.intro', { email: mail.to }) },
      { kind: 'paragraph', text: t('senderCode.code', { code: mail.code }) },
      { kind: 'note', text: t('senderCode.expires', { date: date(mail.expiresAt) }) },
      { kind: 'note', text: t('senderCode.remembered') },
      { kind: 'note', text: t('senderCode.ignore') },
    ],
  })
}
