import type { Language } from '@ferry/contracts/domain/languages'
import type { MailMessage } from '../../adapters/mailer/mailer.js'
import { composeMail, type MailBlock, singleLine } from '../../mail/mail-layout.js'
import { mailText } from '../../mail/mail-text.js'
import type { SftpMailLogin } from './sftp/sftp-mail-login.js'
import { personalLink } from './transfer-mapping.js'
import type { TransferAggregate } from './transfers.repository.js'

export interface TransferEmail {
  to: string
  link: string
  sender: { name: string; email: string }
  title: string
  message: string
  files: { name: string; size: number }[]
  totalSize: number
  expiresAt: Date
  /** The transfer has a password: the email says so, and never carries it. */
  passwordProtected?: boolean
  /** The transfer's SFTP login, when its sender chose to send it (sftp_in_email). */
  sftp?: SftpMailLogin | undefined
}

/**
 * The notice for one recipient of a stored transfer, with their personal link on the sender's
 * origin: sent on create, and to a recipient added by an edit.
 */
export function recipientNotice(
  { transfer, files }: Pick<TransferAggregate, 'transfer' | 'files'>,
  recipient: { email: string; trackingId: string },
  from: { origin: string; sender: { name: string; email: string; language: Language }; sftp?: SftpMailLogin },
): MailMessage {
  return transferEmail(
    {
      to: recipient.email,
      link: personalLink(from.origin, transfer.uniqueId, recipient.trackingId),
      sender: { name: from.sender.name, email: from.sender.email },
      title: transfer.title,
      message: transfer.message,
      files: files.map((f) => ({ name: f.fileName, size: f.fileSize })),
      totalSize: transfer.totalSize,
      expiresAt: transfer.expiresAt,
      passwordProtected: transfer.passwordHash !== null,
      sftp: from.sftp,
    },
    from.sender.language,
  )
}

/**
 * The notice each recipient gets (product.md §8): who sent what, their personal link, and until
 * when; in the sender's language (the recipient's is unknown; the sender chose to write to them).
 */
export function transferEmail(mail: TransferEmail, language: Language): MailMessage {
  const { t, date, size } = mailText(language, 'transfers')
  const sender = singleLine(mail.sender.name) || mail.sender.email
  const count = mail.files.length
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: t('transfer.intro', { sender, email: mail.sender.email, count }) },
    ...(mail.title ? [{ kind: 'paragraph' as const, text: t('transfer.title', { title: mail.title }) }] : []),
    ...(mail.message
      ? [
          { kind: 'paragraph' as const, text: t('transfer.message') },
          { kind: 'quote' as const, text: mail.message },
        ]
      : []),
    { kind: 'paragraph', text: t('transfer.files') },
    { kind: 'list', items: mail.files.map((f) => t('transfer.file', { name: f.name, size: size(f.size) })) },
    { kind: 'paragraph', text: t('transfer.total', { size: size(mail.totalSize) }) },
    { kind: 'button', label: t('transfer.download'), url: mail.link },
    ...(mail.passwordProtected ? [{ kind: 'note' as const, text: t('transfer.protected') }] : []),
    ...(mail.sftp
      ? [
          { kind: 'paragraph' as const, text: t('transfer.sftp') },
          {
            kind: 'list' as const,
            items: [t('transfer.sftpCommand', { ...mail.sftp }), t('transfer.sftpPassword', { ...mail.sftp })],
          },
          { kind: 'note' as const, text: t('transfer.sftpNote') },
        ]
      : []),
    { kind: 'note', text: t('transfer.personal') },
    { kind: 'note', text: t('transfer.until', { date: date(mail.expiresAt) }) },
  ]
  const subject = mail.title
    ? t('transfer.subjectTitled', { sender, title: singleLine(mail.title) })
    : t('transfer.subject', { sender, count })
  return composeMail({ to: mail.to, language, subject, blocks })
}

/** A notice to one recipient about their transfer's date, with their personal link. */
export interface DatedLinkMail {
  to: string
  link: string
  sender: { name: string; email: string }
  title: string
  expiresAt: Date
}

/**
 * A dated notice in the sender's language: the subject (naming the title when there is one), the
 * date, the recipient's link and a closing note; `kind` picks the texts (reminder, extension).
 */
export function datedLinkEmail(
  mail: DatedLinkMail,
  language: Language,
  kind: 'reminder' | 'extended',
  note: 'reminder.once' | 'transfer.personal',
): MailMessage {
  const { t, date } = mailText(language, 'transfers')
  const sender = singleLine(mail.sender.name) || mail.sender.email
  const subject = mail.title
    ? t(`${kind}.subjectTitled`, { sender, title: singleLine(mail.title) })
    : t(`${kind}.subject`, { sender })
  return composeMail({
    to: mail.to,
    language,
    subject,
    blocks: [
      { kind: 'paragraph', text: t(`${kind}.intro`, { sender, email: mail.sender.email, date: date(mail.expiresAt) }) },
      { kind: 'button', label: t(`${kind}.download`), url: mail.link },
      { kind: 'note', text: t(note) },
    ],
  })
}

/**
 * The one email each recipient gets when the sender extends a transfer (issue 18 item 4): the new
 * date and their personal link, in the sender's language.
 */
export const expiryExtendedEmail = (mail: DatedLinkMail, language: Language): MailMessage =>
  datedLinkEmail(mail, language, 'extended', 'transfer.personal')
