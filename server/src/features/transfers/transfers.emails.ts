import { formatFileSize as formatSize } from '@ferry/contracts/domain/file-size'
import type { MailMessage } from '../../adapters/mailer/mailer.js'

const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
})

// biome-ignore lint/suspicious/noControlCharactersInRegex: headers must not carry them
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()

export interface TransferEmail {
  to: string
  link: string
  sender: { name: string; email: string }
  title: string
  message: string
  files: { name: string; size: number }[]
  totalSize: number
  expiresAt: Date
}

/** The notice each recipient gets (product.md §8): who sent what, their personal link, and until when. */
export function transferEmail(mail: TransferEmail): MailMessage {
  const sender = oneLine(mail.sender.name) || mail.sender.email
  const count = mail.files.length === 1 ? '1 file' : `${mail.files.length} files`
  const subject = mail.title ? `${sender} sent you "${oneLine(mail.title)}"` : `${sender} sent you ${count}`
  const lines = [
    `${sender} (${mail.sender.email}) sent you ${count} with Ferry.`,
    '',
    ...(mail.title ? [`Title: ${mail.title}`, ''] : []),
    ...(mail.message ? ['Message:', mail.message, ''] : []),
    'Files:',
    ...mail.files.map((f) => `- ${f.name} (${formatSize(f.size)})`),
    `Total: ${formatSize(mail.totalSize)}`,
    '',
    'Download them here (this link is personal to you):',
    mail.link,
    '',
    `The files are available until ${dateFormat.format(mail.expiresAt)} UTC.`,
  ]
  return { to: mail.to, subject, text: `${lines.join('\n')}\n` }
}
