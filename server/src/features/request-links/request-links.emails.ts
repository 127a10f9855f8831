import type { Language } from '@ferry/contracts/domain/languages'
import type { MailMessage } from '../../adapters/mailer/mailer.js'
import { composeMail, singleLine } from '../../mail/mail-layout.js'
import { mailText } from '../../mail/mail-text.js'

export interface FilesReceivedEmail {
  to: string
  /** Where the requester sees the files: the Received Files tab. */
  link: string
  senderInfo: string
  files: { name: string; size: number }[]
  totalSize: number
  /** When the received files are deleted (the requester's plan retention); null = kept. */
  keptUntil: Date | null
}

/** The notice the requester gets when files arrive on a request link (product.md §8), in the requester's language. */
export function filesReceivedEmail(mail: FilesReceivedEmail, language: Language): MailMessage {
  const { t, size, date } = mailText(language, 'requestLinks')
  const count = mail.files.length
  const sender = singleLine(mail.senderInfo)
  return composeMail({
    to: mail.to,
    language,
    subject: sender ? t('filesReceived.subject', { sender, count }) : t('filesReceived.subjectAnonymous', { count }),
    blocks: [
      {
        kind: 'paragraph',
        text: sender ? t('filesReceived.intro', { sender, count }) : t('filesReceived.introAnonymous', { count }),
      },
      { kind: 'paragraph', text: t('filesReceived.files') },
      { kind: 'list', items: mail.files.map((f) => t('filesReceived.file', { name: f.name, size: size(f.size) })) },
      { kind: 'paragraph', text: t('filesReceived.total', { size: size(mail.totalSize) }) },
      {
        kind: 'paragraph',
        text: mail.keptUntil
          ? t('filesReceived.keptUntil', { date: date(mail.keptUntil) })
          : t('filesReceived.keptForever'),
      },
      { kind: 'button', label: t('filesReceived.open'), url: mail.link },
    ],
  })
}
