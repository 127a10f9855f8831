import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { type ReadMail, readMailText } from './mail-reader.js'

/** One message the test server accepted. */
export interface ReceivedMail extends ReadMail {
  /** SMTP envelope: MAIL FROM and RCPT TO. */
  envelope: { from: string; to: string[] }
  /** The user the client authenticated as, when it did. */
  user?: string
  raw: Buffer
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>` */
  url: string
  /** Every message received so far, in order. */
  messages: ReceivedMail[]
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

/**
 * An SMTP server on 127.0.0.1 and a free port, keeping what it receives in memory.
 * STARTTLS is disabled (smtp-server's built-in certificate has expired); any
 * credentials are accepted and none are required.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = []
  const waiters = new Set<(mail: ReceivedMail) => void>()

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username })
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', callback)
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
        const mailFrom = session.envelope.mailFrom
        const mail: ReceivedMail = {
          ...readMailText(raw),
          envelope: { from: mailFrom ? mailFrom.address : '', to: session.envelope.rcptTo.map((a) => a.address) },
          user: typeof session.user === 'string' ? session.user : undefined,
          raw,
        }
        messages.push(mail)
        for (const waiter of waiters) waiter(mail)
        callback()
      })
    },
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.server.address() as AddressInfo

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,

    waitFor(predicate, timeoutMs = 5000) {
      const existing = messages.find(predicate)
      if (existing) return Promise.resolve(existing)
      return new Promise((resolve, reject) => {
        const waiter = (mail: ReceivedMail) => {
          if (!predicate(mail)) return
          clearTimeout(timer)
          waiters.delete(waiter)
          resolve(mail)
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          const subjects = messages.map((m) => JSON.stringify(m.subject)).join(', ') || 'none'
          reject(new Error(`No matching mail within ${timeoutMs} ms; received: ${subjects}`))
        }, timeoutMs)
        waiters.add(waiter)
      })
    },

    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
