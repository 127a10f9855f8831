import { describe, expect, it } from 'vitest'
import { filesReceivedEmail } from './request-links.emails.js'

const mail = {
  to: 'owner@example.com',
  link: 'https://ferry.example/?tab=request&view=received',
  senderInfo: 'Jack <jack@example.com>',
  files: [{ name: 'tax <2026>.pdf', size: 307_200 }],
  totalSize: 307_200,
  keptUntil: new Date('2026-11-26T15:04:00Z'),
}

describe('filesReceivedEmail', () => {
  it('tells the requester in English', () => {
    const sent = filesReceivedEmail(mail, 'en')
    expect(sent.subject).toBe('Jack <jack@example.com> uploaded 1 file to your file request')
    expect(sent.text).toContain('- tax <2026>.pdf (300 KiB)')
    expect(sent.text).toContain('The files are kept until November 26, 2026 at 3:04 PM UTC; download them before then.')
    expect(sent.text).toContain('See them in Received Files:\nhttps://ferry.example/?tab=request&view=received')
  })

  it('tells the requester in Spanish, and says "someone" when the visitor gave no name', () => {
    const sent = filesReceivedEmail({ ...mail, senderInfo: '', files: [...mail.files, mail.files[0]!] }, 'es')
    expect(sent.subject).toBe('Has recibido 2 archivos en tu solicitud de archivos')
    expect(sent.text).toContain('Alguien ha subido 2 archivos con tu enlace de solicitud de Ferry.')
    expect(sent.html).toContain('tax &lt;2026&gt;.pdf (300 KiB)')
    expect(sent.html).toContain('href="https://ferry.example/?tab=request&amp;view=received"')
    expect(sent.html).not.toContain('<2026>')
    expect(sent.text).toContain('Los archivos se guardan hasta el 26 de noviembre de 2026')
  })

  it('says the files are kept while the link lives when the plan keeps them', () => {
    expect(filesReceivedEmail({ ...mail, keptUntil: null }, 'en').text).toContain(
      'The files are kept until you delete the link.',
    )
  })
})
