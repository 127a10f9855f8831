import type { Language } from '@ferry/contracts/domain/languages'
import type { MailMessage } from '../../../adapters/mailer/mailer.js'
import { composeMail, singleLine } from '../../../mail/mail-layout.js'
import { mailText } from '../../../mail/mail-text.js'

interface Owner {
  to: string
  name: string
  at: Date
}

/** After 2FA was turned off: what that means, and what to do if it was not the owner. */
export function twoFactorOffMail(mail: Owner, language: Language): MailMessage {
  const { t, date } = mailText(language, 'auth')
  return composeMail({
    to: mail.to,
    language,
    subject: t('twoFactorOff.subject'),
    blocks: [
      { kind: 'paragraph', text: t('twoFactorOff.greeting', { name: singleLine(mail.name) }) },
      { kind: 'paragraph', text: t('twoFactorOff.body', { email: mail.to, date: date(mail.at) }) },
      { kind: 'note', text: t('twoFactorOff.notYou') },
    ],
  })
}

/** After a recovery code signed in: how many are left, and what to do if it was not the owner. */
export function recoveryCodeUsedMail(mail: Owner & { left: number }, language: Language): MailMessage {
  const { t, date } = mailText(language, 'auth')
  return composeMail({
    to: mail.to,
    language,
    subject: t('recoveryCodeUsed.subject'),
    blocks: [
      { kind: 'paragraph', text: t('recoveryCodeUsed.greeting', { name: singleLine(mail.name) }) },
      { kind: 'paragraph', text: t('recoveryCodeUsed.body', { email: mail.to, date: date(mail.at), left: mail.left }) },
      { kind: 'paragraph', text: t('recoveryCodeUsed.advice') },
      { kind: 'note', text: t('recoveryCodeUsed.notYou') },
    ],
  })
}
