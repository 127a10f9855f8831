import nodemailer from 'nodemailer'
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js'
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js'
import { type Mailer, type MailLogger, silentMailLogger } from './mailer.js'

export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://…:465`; query options such as `?requireTLS=true` pass to nodemailer. */
  url: string
  from: string
  logger?: MailLogger
}

/** Sends through an SMTP server over a small pool of reused connections. */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const { url, from } = options
  const logger = options.logger ?? silentMailLogger
  const protocol = url.slice(0, url.indexOf(':'))
  if (protocol !== 'smtp' && protocol !== 'smtps') throw new Error('The SMTP URL must start with smtp:// or smtps://')

  const transportOptions: SMTPPool.Options = {
    // nodemailer waits two minutes for a dead server by default; fail sooner.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    ...parseConnectionUrl(url),
    pool: true,
  }
  const transporter = nodemailer.createTransport(transportOptions)

  return {
    kind: 'smtp',

    async send(message) {
      const info = await transporter.sendMail({ from, ...message })
      logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'Mail sent')
    },

    async check() {
      await transporter.verify()
    },

    async close() {
      transporter.close()
    },
  }
}
