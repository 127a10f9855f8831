import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readMailText, readOutbox } from '../../testing/mail-reader.js'
import { startSmtpServer, type TestSmtpServer } from '../../testing/smtp-server.js'
import type { Mailer, MailLogger } from './mailer.js'
import { createOutboxMailer } from './outbox-mailer.js'
import { createSmtpMailer } from './smtp-mailer.js'

const from = 'Ferry <no-reply@ferry.test>'
const link = 'https://ferry.test/verify?token=abc123&next=%2Fhome'
// Non-ASCII, a line longer than 76 characters (quoted-printable soft breaks) and a link.
const message = {
  to: 'Zoë Müller <zoe@example.com>',
  subject: 'Vérifiez votre adresse — Ferry ✓',
  text: `Bonjour Zoë,\n\nCliquez ici pour confirmer : ${link}.\n${'Très long paragraphe sans retour à la ligne, '.repeat(6)}\n\n— L’équipe`,
}

interface Harness {
  mailer: Mailer
  logged: object[]
  /** The one message the server or outbox holds, as raw bytes. */
  delivered(): Promise<Buffer>
  close(): Promise<void>
}

async function outboxHarness(): Promise<Harness> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-outbox-'))
  const dir = path.join(root, 'not', 'yet', 'there')
  const logged: object[] = []
  const logger: MailLogger = { info: (details) => logged.push(details) }
  return {
    mailer: createOutboxMailer({ dir, from, logger }),
    logged,
    async delivered() {
      const [mail, ...others] = await readOutbox(dir)
      expect(others).toEqual([])
      return fs.readFile(mail!.file)
    },
    close: () => fs.rm(root, { recursive: true, force: true }),
  }
}

async function smtpHarness(): Promise<Harness> {
  const server = await startSmtpServer()
  const logged: object[] = []
  const mailer = createSmtpMailer({ url: server.url, from, logger: { info: (details) => logged.push(details) } })
  return {
    mailer,
    logged,
    async delivered() {
      const mail = await server.waitFor(() => true)
      expect(server.messages).toHaveLength(1)
      return mail.raw
    },
    async close() {
      await mailer.close()
      await server.close()
    },
  }
}

describe.each([
  { kind: 'outbox', open: outboxHarness },
  { kind: 'smtp', open: smtpHarness },
])('Mailer contract: $kind', ({ kind, open }) => {
  let harness: Harness
  beforeEach(async () => {
    harness = await open()
  })
  afterEach(() => harness.close())

  it('reports its kind and passes check()', async () => {
    expect(harness.mailer.kind).toBe(kind)
    await expect(harness.mailer.check()).resolves.toBeUndefined()
  })

  it('delivers non-ASCII subject and text unchanged', async () => {
    await harness.mailer.send(message)
    const raw = await harness.delivered()
    // Encoded for the wire: 7-bit headers, CRLF line ends, no bare LF.
    expect(raw.toString('latin1')).not.toMatch(/[^\r]\n/)
    expect(raw.subarray(0, raw.indexOf('\r\n\r\n')).toString('latin1')).toMatch(/^[\x20-\x7e\r\n\t]*$/)

    const mail = readMailText(raw)
    expect(mail.subject).toBe(message.subject)
    expect(mail.text).toBe(message.text)
    expect(mail.to).toBe('Zoë Müller <zoe@example.com>')
    expect(mail.from).toBe(from)
    expect(mail.links).toEqual([link])
    expect(mail.html).toBeUndefined()
  })

  it('sends an HTML alternative beside the text', async () => {
    const html = `<p>Bonjour Zoë, <a href="${link}">confirmez</a> ✓</p>`
    await harness.mailer.send({ ...message, html })
    const mail = readMailText(await harness.delivered())
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/)
    expect(mail.text).toBe(message.text)
    expect(mail.html).toBe(html)
  })

  it('logs the recipient and subject of each message', async () => {
    await harness.mailer.send(message)
    expect(harness.logged).toEqual([expect.objectContaining({ to: message.to, subject: message.subject })])
  })
})

it('writes to the outbox the same bytes the SMTP mailer sends', async () => {
  const outbox = await outboxHarness()
  const smtp = await smtpHarness()
  try {
    const html = '<p>Zoë ✓</p>'
    await outbox.mailer.send({ ...message, html })
    await smtp.mailer.send({ ...message, html })
    // Only the generated parts differ: the Message-ID, the Date and the MIME boundary.
    const normalize = (raw: Buffer) =>
      raw
        .toString('latin1')
        .replace(/^Message-ID: .*$/m, 'Message-ID: <id>')
        .replace(/^Date: .*$/m, 'Date: <date>')
        .replaceAll(/_NmP-[0-9a-f]+-Part_/g, '_NmP-<boundary>-Part_')
    const written = normalize(await outbox.delivered())
    expect(written).toContain('Content-Type: multipart/alternative')
    expect(normalize(await smtp.delivered())).toBe(written)
  } finally {
    await Promise.all([outbox.close(), smtp.close()])
  }
})

describe('Outbox mailer', () => {
  let root: string
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-outbox-'))
  })
  afterEach(() => fs.rm(root, { recursive: true, force: true }))

  it('logs every link of the text so it can be followed from the log', async () => {
    const logged: object[] = []
    const mailer = createOutboxMailer({ dir: root, from, logger: { info: (details) => logged.push(details) } })
    await mailer.send({ to: 'a@example.com', subject: 'Links', text: `One (${link}), two: http://x.test/a.` })
    const [mail] = await readOutbox(root)
    expect(logged).toEqual([
      { to: 'a@example.com', subject: 'Links', links: [link, 'http://x.test/a'], file: mail!.file },
    ])
  })

  it('writes one whole .eml file per message, named in time order, leaving no temporary file', async () => {
    const mailer = createOutboxMailer({ dir: root, from })
    for (let i = 0; i < 5; i++) await mailer.send({ to: 'a@example.com', subject: `Message ${i}`, text: `Body ${i}` })
    const names = await fs.readdir(root)
    expect(names).toHaveLength(5)
    expect(names.every((name) => /^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{12}\.eml$/.test(name))).toBe(true)
    // Same-millisecond files sort randomly among themselves; across milliseconds they follow time.
    const stamps = names.map((name) => name.slice(0, 24))
    expect([...stamps].sort()).toEqual(stamps.toSorted())
    const subjects = (await readOutbox(root)).map((m) => m.subject).sort()
    expect(subjects).toEqual(['Message 0', 'Message 1', 'Message 2', 'Message 3', 'Message 4'])
  })

  it('fails check() when the directory cannot be written', async () => {
    const file = path.join(root, 'a-file')
    await fs.writeFile(file, '')
    const mailer = createOutboxMailer({ dir: path.join(file, 'mail'), from })
    await expect(mailer.check()).rejects.toThrow()
    await expect(mailer.send(message)).rejects.toThrow()
  })
})

describe('SMTP mailer', () => {
  let server: TestSmtpServer
  beforeEach(async () => {
    server = await startSmtpServer()
  })
  afterEach(() => server.close())

  it('authenticates with the credentials in the URL and reuses pooled connections', async () => {
    const url = new URL(server.url)
    url.username = 'ferry'
    url.password = 'p@ss:word'
    const mailer = createSmtpMailer({ url: url.href, from })
    try {
      await Promise.all([1, 2, 3].map((i) => mailer.send({ to: `u${i}@example.com`, subject: `S${i}`, text: 'x' })))
      await server.waitFor((m) => m.subject === 'S3')
      expect(server.messages.map((m) => m.envelope.to[0]).sort()).toEqual([
        'u1@example.com',
        'u2@example.com',
        'u3@example.com',
      ])
      expect(server.messages.every((m) => m.user === 'ferry' && m.envelope.from === 'no-reply@ferry.test')).toBe(true)
    } finally {
      await mailer.close()
    }
  })

  it('rejects check() and send() when the server is down', async () => {
    const url = server.url
    await server.close()
    const mailer = createSmtpMailer({ url, from })
    try {
      await expect(mailer.check()).rejects.toThrow(/ECONNREFUSED/)
      await expect(mailer.send(message)).rejects.toThrow(/ECONNREFUSED/)
    } finally {
      await mailer.close()
    }
  })

  it('refuses a URL that is not smtp:// or smtps://', () => {
    expect(() => createSmtpMailer({ url: 'http://127.0.0.1:25', from })).toThrow(/smtp/)
  })
})
