import type { Language } from '@ferry/contracts/domain/languages'
import type { MailMessage } from '../adapters/mailer/mailer.js'
import { mailText } from './mail-text.js'

/** One piece of an email's body; each kind has a plain-text and an HTML rendering. */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** Someone's own words (a sender's message), line breaks kept. */
  | { kind: 'quote'; text: string }
  | { kind: 'list'; items: string[] }
  /** The email's one call to action: a button in HTML, the label and the link on its own line in text. */
  | { kind: 'button'; label: string; url: string }
  /** Small print: expiry, why the email came, what to do if unexpected. */
  | { kind: 'note'; text: string }

export interface LocalizedMail {
  to: string
  /** The language the email is written in (the `lang` of its HTML). */
  language: Language
  subject: string
  blocks: MailBlock[]
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: subjects and list items must stay on one line
const controlCharacters = /[\u0000-\u001f\u007f]+/g

/** Text that must stay on one line (a subject, a name): control characters become spaces. */
export const singleLine = (text: string) => text.replace(controlCharacters, ' ').trim()

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => htmlEntities[char] ?? char)

const escapeLines = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>')

const isWebLink = (url: string) => /^https?:\/\//i.test(url)

function textBlock(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
    case 'quote':
    case 'note':
      return block.text
    case 'list':
      return block.items.map((item) => `- ${singleLine(item)}`).join('\n')
    case 'button':
      return `${block.label}:\n${block.url}`
  }
}

const font = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"
const muted = 'color:#59636e;font-size:13px;line-height:1.5'

function htmlBlock(block: MailBlock, fallback: string): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px">${escapeLines(block.text)}</p>`
    case 'quote':
      return `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:3px solid #d0d7de;color:#424a53">${escapeLines(block.text)}</blockquote>`
    case 'list':
      return `<ul style="margin:0 0 16px;padding-left:20px">${block.items.map((item) => `<li style="margin:0 0 4px">${escapeHtml(singleLine(item))}</li>`).join('')}</ul>`
    case 'note':
      return `<p style="margin:0 0 12px;${muted}">${escapeLines(block.text)}</p>`
    case 'button': {
      // Only web links become buttons; anything else is shown as text, never as an href.
      if (!isWebLink(block.url)) return `<p style="margin:0 0 16px">${escapeHtml(`${block.label}: ${block.url}`)}</p>`
      const href = escapeHtml(block.url)
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px"><tr>` +
        `<td style="border-radius:8px;background:#1c7ed6">` +
        `<a href="${href}" style="display:inline-block;padding:12px 24px;color:#ffffff;font-weight:600;text-decoration:none;border-radius:8px">${escapeHtml(block.label)}</a>` +
        `</td></tr></table>` +
        `<p style="margin:0 0 16px;${muted};word-break:break-all">${escapeHtml(fallback)} <a href="${href}" style="color:#1c7ed6">${href}</a></p>`
      )
    }
  }
}

/**
 * The one layout of Ferry's emails: the same blocks as plain text and as HTML (a branded card
 * with a button), every text escaped for HTML. Features build the blocks in the recipient's
 * language with `mailText`, and send what this returns.
 */
export function composeMail(mail: LocalizedMail): MailMessage {
  const { t } = mailText(mail.language, 'mail')
  const text = `${[...mail.blocks.map(textBlock), t('signature')].join('\n\n')}\n`
  const body = mail.blocks.map((block) => htmlBlock(block, t('buttonFallback'))).join('')
  const html =
    `<!doctype html><html lang="${mail.language}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(singleLine(mail.subject))}</title></head>` +
    `<body style="margin:0;padding:0;background:#f1f3f5">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f3f5"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;${font};color:#1f2328;font-size:15px;line-height:1.6">` +
    `<tr><td style="padding:24px 32px 8px;font-size:20px;font-weight:700;color:#1c7ed6">Ferry</td></tr>` +
    `<tr><td style="padding:8px 32px 24px">${body}</td></tr>` +
    `<tr><td style="padding:16px 32px 24px;border-top:1px solid #e9ecef;${muted}">${escapeHtml(t('signature'))}</td></tr>` +
    `</table></td></tr></table></body></html>`
  return { to: mail.to, subject: singleLine(mail.subject), text, html }
}
