import nodemailer from 'nodemailer'
import type { MailMessage } from './mailer.js'

// The stream transport runs the same composition pipeline as the SMTP transport.
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true })

/** The raw RFC 822 message nodemailer would send over SMTP. */
export async function composeRawMail(from: string, message: MailMessage): Promise<Buffer> {
  // CRLF everywhere, as SMTP puts it on the wire (nodemailer 7 reads `newline` from the
  // message, not from the stream transport's options).
  const info = await composer.sendMail({ from, ...message, newline: 'windows' })
  if (!Buffer.isBuffer(info.message)) throw new Error('Expected the composed message as a buffer')
  return info.message
}
