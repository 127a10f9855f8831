export interface MailMessage {
  /** One address, optionally with a display name (`Ana <ana@example.com>`). */
  to: string
  subject: string
  text: string
  html?: string
}

/** Sends email. The outbox and SMTP implementations produce the same raw message. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp'
  send(message: MailMessage): Promise<void>
  /** Throws when mail cannot be delivered (readiness). */
  check(): Promise<void>
  close(): Promise<void>
}

/** The part of a pino (Fastify) logger the mailers use. */
export interface MailLogger {
  info(details: object, message: string): void
}

export const silentMailLogger: MailLogger = { info() {} }
