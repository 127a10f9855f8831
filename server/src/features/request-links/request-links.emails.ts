import { formatFileSize as formatSize } from '@ferry/contracts/domain/file-size'
import type { MailMessage } from '../../adapters/mailer/mailer.js'

export interface FilesReceivedEmail {
  to: string
  /** Where the requester sees the files: the Received Files tab. */
  link: string
  senderInfo: string
  files: { name: string; size: number }[]
  totalSize: number
}

/** The notice the requester gets when files arrive on a request link (product.md §8). */
export function filesReceivedEmail(mail: FilesReceivedEmail): MailMessage {
  const count = mail.files.length === 1 ? '1 file' : `${mail.files.length} files`
  // biome-ignore lint/suspicious/noControlCharactersInRegex: headers must not carry them
  const from = mail.senderInfo.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()
  const subject = from ? `${from} uploaded ${count} to your file request` : `You received ${count} on your file request`
  const lines = [
    `${from || 'Someone'} uploaded ${count} through your Ferry file request link.`,
    '',
    'Files:',
    ...mail.files.map((f) => `- ${f.name} (${formatSize(f.size)})`),
    `Total: ${formatSize(mail.totalSize)}`,
    '',
    'See and download them in Received Files:',
    mail.link,
  ]
  return { to: mail.to, subject, text: `${lines.join('\n')}\n` }
}
