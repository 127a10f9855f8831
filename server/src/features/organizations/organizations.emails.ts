import type { InvitableRole } from '@ferry/contracts/api/organizations'
import type { Language } from '@ferry/contracts/domain/languages'
import type { MailMessage } from '../../adapters/mailer/mailer.js'
import { composeMail, singleLine } from '../../mail/mail-layout.js'
import { mailText } from '../../mail/mail-text.js'

/** The invitation to join an organization (issue 22), with the join link, in `language`. */
export function invitationMail(
  mail: { to: string; inviter: string; organization: string; role: InvitableRole; link: string; expiresAt: Date },
  language: Language,
): MailMessage {
  const { t, date } = mailText(language, 'organizations')
  const values = {
    inviter: singleLine(mail.inviter),
    organization: singleLine(mail.organization),
    email: mail.to,
    role: t(`invitation.role_${mail.role}`),
  }
  return composeMail({
    to: mail.to,
    language,
    subject: t('invitation.subject', values),
    blocks: [
      { kind: 'paragraph', text: t('invitation.greeting') },
      { kind: 'paragraph', text: t('invitation.intro', values) },
      { kind: 'button', label: t('invitation.button'), url: mail.link },
      { kind: 'note', text: t('invitation.expires', { date: date(mail.expiresAt), email: mail.to }) },
      { kind: 'note', text: t('invitation.ignore') },
    ],
  })
}
