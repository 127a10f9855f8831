export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
}

/** Sends email. The outbox and SMTP implementations produce the same raw message. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp'
  send(message: MailMessage): Promise<void>
  check(): Promise<void>
  close(): Promise<void>
}
