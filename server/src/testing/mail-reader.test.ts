import nodemailer from 'nodemailer'
import { describe, expect, it } from 'vitest'
import { readMailText } from './mail-reader.js'

const composer = nodemailer.createTransport({ streamTransport: true, buffer: true })

async function compose(options: nodemailer.SendMailOptions): Promise<Buffer> {
  const info = await composer.sendMail({ from: 'a@example.com', to: 'b@example.com', newline: 'windows', ...options })
  return info.message as Buffer
}

describe('readMailText', () => {
  it('decodes a base64 body and base64 encoded words', async () => {
    const subject = '日本語の件名がとても長くて複数のエンコードされた単語に分割される場合'
    const text = 'こんにちは\n世界 https://example.com/ä?x=1'
    const raw = await compose({ subject, text, textEncoding: 'base64' })
    expect(raw.toString('latin1')).toContain('Content-Transfer-Encoding: base64')
    expect(raw.toString('latin1')).toMatch(/=\?UTF-8\?B\?.*\?=\r\n =\?UTF-8\?B\?/)
    const mail = readMailText(raw)
    expect(mail.subject).toBe(subject)
    expect(mail.text).toBe(text)
    expect(mail.links).toEqual(['https://example.com/ä?x=1'])
  })

  it('decodes quoted-printable soft breaks and keeps the spaces before them', async () => {
    const text = `${'word '.repeat(40)}end\n\ttabbed line with trailing space \nlast=line`
    const raw = await compose({ subject: 'QP', text, textEncoding: 'quoted-printable' })
    expect(raw.toString('latin1')).toMatch(/=\r\n/)
    expect(readMailText(raw).text).toBe(text)
  })

  it('finds the text and HTML parts inside nested multiparts and skips attachments', async () => {
    const raw = await compose({
      subject: 'Nested',
      text: 'The text',
      html: '<b>The HTML</b>',
      attachments: [{ filename: 'note.txt', content: 'not the body', contentType: 'text/plain' }],
    })
    expect(raw.toString('latin1')).toMatch(/multipart\/mixed[\s\S]*multipart\/alternative/)
    const mail = readMailText(raw)
    expect(mail.text).toBe('The text')
    expect(mail.html).toBe('<b>The HTML</b>')
  })

  it('reads a hand-written 8bit message with LF line ends from a string', () => {
    const raw = [
      'From: Ana <ana@example.com>',
      'To: bob@example.com',
      'Subject: Plain',
      ' and folded',
      'Content-Type: text/plain; charset="utf-8"',
      'Content-Transfer-Encoding: 8bit',
      '',
      'Olá, mundo.',
      'Second line.',
      '',
    ].join('\n')
    const mail = readMailText(raw)
    expect(mail).toMatchObject({
      from: 'Ana <ana@example.com>',
      to: 'bob@example.com',
      subject: 'Plain and folded',
      text: 'Olá, mundo.\nSecond line.',
    })
  })

  it('decodes latin1 charsets and Q-encoded underscores', () => {
    const raw = Buffer.concat([
      Buffer.from('Subject: =?ISO-8859-1?Q?Caf=E9_cr=E8me?=\r\nContent-Type: text/plain; charset=iso-8859-1\r\n\r\n'),
      Buffer.from('Café\r\n', 'latin1'),
    ])
    const mail = readMailText(raw)
    expect(mail.subject).toBe('Café crème')
    expect(mail.text).toBe('Café')
  })
})
