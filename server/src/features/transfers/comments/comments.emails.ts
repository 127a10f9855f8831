import type { Language } from '@ferry/contracts/domain/languages'
import type { MailMessage } from '../../../adapters/mailer/mailer.js'
import { composeMail, type MailBlock, singleLine } from '../../../mail/mail-layout.js'
import { mailText } from '../../../mail/mail-text.js'
import type { DigestItem } from './comments.repository.js'

/** Comments quoted per transfer in one digest; the rest are counted. */
const quotedPerTransfer = 10
/** Characters of a comment quoted in the e-mail; the whole text is on the share page. */
const quotedLength = 500

const excerpt = (text: string) => (text.length > quotedLength ? `${text.slice(0, quotedLength)}…` : text)

/**
 * The sender's digest of new review comments (issue 19 item 2): at most one per 10 minutes,
 * grouped by transfer, oldest first, each comment quoted as plain text.
 */
export function commentDigestEmail(
  mail: { to: string; items: readonly DigestItem[]; transferLink: (transferId: string) => string; allLink: string },
  language: Language,
): MailMessage {
  const { t, date } = mailText(language, 'transfers')
  const byTransfer = new Map<string, DigestItem[]>()
  for (const item of mail.items) byTransfer.set(item.transferId, [...(byTransfer.get(item.transferId) ?? []), item])
  const blocks: MailBlock[] = [{ kind: 'paragraph', text: t('commentDigest.intro') }]
  for (const items of byTransfer.values()) {
    blocks.push({ kind: 'paragraph', text: t('commentDigest.transfer', { title: singleLine(items[0]!.title) }) })
    for (const item of items.slice(0, quotedPerTransfer)) {
      blocks.push({
        kind: 'paragraph',
        text: t('commentDigest.item', {
          author: singleLine(item.authorName),
          file: singleLine(item.fileName),
          date: date(item.createdAt),
        }),
      })
      blocks.push({ kind: 'quote', text: excerpt(item.body) })
    }
    if (items.length > quotedPerTransfer) {
      blocks.push({ kind: 'note', text: t('commentDigest.more', { count: items.length - quotedPerTransfer }) })
    }
  }
  const [only] = byTransfer.keys()
  blocks.push(
    byTransfer.size === 1 && only
      ? { kind: 'button', label: t('commentDigest.open'), url: mail.transferLink(only) }
      : { kind: 'button', label: t('commentDigest.openAll'), url: mail.allLink },
  )
  blocks.push({ kind: 'note', text: t('commentDigest.once') })
  return composeMail({
    to: mail.to,
    language,
    subject: t('commentDigest.subject', { count: mail.items.length }),
    blocks,
  })
}
