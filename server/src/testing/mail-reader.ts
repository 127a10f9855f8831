import fs from 'node:fs/promises'
import path from 'node:path'
import { extractLinks } from '../adapters/mailer/mail-links.js'

/** What a test needs from a raw email, decoded. */
export interface ReadMail {
  from: string
  to: string
  subject: string
  /** The text/plain body, decoded, with LF line ends. */
  text: string
  html?: string
  /** The http(s) links in the text body, in order. */
  links: string[]
  /** Every top-level header by lower-case name (first occurrence), encoded words decoded. */
  headers: Record<string, string>
}

interface Entity {
  headers: Map<string, string>
  /** Raw bytes as a latin1 string, so no byte is lost before the charset is known. */
  body: string
}

/**
 * Reads the raw RFC 822 messages nodemailer writes (outbox .eml files, SMTP DATA):
 * headers with RFC 2047 encoded words, single-part or multipart bodies in 7bit, 8bit,
 * quoted-printable or base64. Not a general MIME parser: enough for Ferry's own mail.
 */
export function readMailText(raw: Buffer | string): ReadMail {
  const root = parseEntity(Buffer.isBuffer(raw) ? raw.toString('latin1') : Buffer.from(raw).toString('latin1'))
  // The message's last line break ends its last line; it is not part of a single-part body.
  root.body = root.body.replace(/\r?\n$/, '')
  const headers = Object.fromEntries([...root.headers].map(([name, value]) => [name, decodeHeader(value)]))
  const { text, html } = findBodies(root)
  const plain = text === undefined ? '' : decodeBody(text)
  return {
    from: headers.from ?? '',
    to: headers.to ?? '',
    subject: headers.subject ?? '',
    text: plain,
    html: html === undefined ? undefined : decodeBody(html),
    links: extractLinks(plain),
    headers,
  }
}

/** Every message in an outbox directory, oldest first; [] when the directory does not exist. */
export async function readOutbox(dir: string): Promise<Array<ReadMail & { file: string }>> {
  const names = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  const files = names.filter((name) => name.endsWith('.eml')).sort()
  return Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name)
      return { ...readMailText(await fs.readFile(file)), file }
    }),
  )
}

function parseEntity(source: string): Entity {
  const end = /\r?\n\r?\n/.exec(source)
  const head = end ? source.slice(0, end.index) : source
  const body = end ? source.slice(end.index + end[0].length) : ''
  const headers = new Map<string, string>()
  // Unfolding removes the line break only; the whitespace after it stays.
  for (const line of head.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function contentType(entity: Entity): { type: string; params: Record<string, string> } {
  const value = entity.headers.get('content-type') ?? 'text/plain; charset=us-ascii'
  const semicolon = value.indexOf(';')
  const type = (semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase()
  const params: Record<string, string> = {}
  for (const match of value.slice(semicolon + 1).matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|([^;\s]+))/g)) {
    params[match[1]!.toLowerCase()] = match[2] ?? match[3]!
  }
  return { type, params }
}

function findBodies(entity: Entity, found: { text?: Entity; html?: Entity } = {}) {
  const { type, params } = contentType(entity)
  if (type.startsWith('multipart/') && params.boundary) {
    for (const part of splitMultipart(entity.body, params.boundary)) findBodies(parseEntity(part), found)
  } else if (!/^attachment/i.test(entity.headers.get('content-disposition') ?? '')) {
    if (type === 'text/plain') found.text ??= entity
    if (type === 'text/html') found.html ??= entity
  }
  return found
}

function splitMultipart(body: string, boundary: string): string[] {
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const delimiter = new RegExp(`(?:^|\\r?\\n)--${escaped}(--)?[ \\t]*(?:\\r?\\n|$)`, 'g')
  const parts: string[] = []
  let start = -1
  for (const match of body.matchAll(delimiter)) {
    if (start !== -1) parts.push(body.slice(start, match.index))
    if (match[1]) break
    start = match.index + match[0].length
  }
  return parts
}

function decodeBody(entity: Entity): string {
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').trim().toLowerCase()
  const bytes =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(entity.body.replace(/=[ \t]*\r?\n/g, ''), false)
      : encoding === 'base64'
        ? Buffer.from(entity.body.replace(/\s+/g, ''), 'base64')
        : Buffer.from(entity.body, 'latin1')
  return decodeCharset(bytes, contentType(entity).params.charset).replace(/\r\n/g, '\n')
}

/** RFC 2047: `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=` words, adjacent ones joined before decoding. */
function decodeHeader(value: string): string {
  const word = /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g
  const joined = value.replace(/(\?=)\s+(?==\?)/g, '$1')
  return joined.replace(/(?:=\?[^?]+\?[QqBb]\?[^?]*\?=)+/g, (run) => {
    let charset: string | undefined
    const bytes = [...run.matchAll(word)].map(([, set, kind, text]) => {
      charset = set
      return kind!.toUpperCase() === 'B' ? Buffer.from(text!, 'base64') : decodeQuotedPrintable(text!, true)
    })
    return decodeCharset(Buffer.concat(bytes), charset)
  })
}

function decodeQuotedPrintable(text: string, underscoreIsSpace: boolean): Buffer {
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    const hex = text.slice(i + 1, i + 3)
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else if (char === '_' && underscoreIsSpace) {
      bytes.push(0x20)
    } else {
      bytes.push(char.charCodeAt(0) & 0xff)
    }
  }
  return Buffer.from(bytes)
}

function decodeCharset(bytes: Buffer, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset.replace(/\*.*$/, '')).decode(bytes)
  } catch {
    return bytes.toString('utf8')
  }
}
