import { describe, expect, it } from 'vitest'
import { transferEmail } from './transfers.emails.js'

const mail = {
  to: 'pablo@example.com',
  link: 'https://ferry.example/share/abc?t=xyz',
  sender: { name: 'Lucía <b>Pérez</b>', email: 'lucia@example.com' },
  title: 'Fotos <del> viaje',
  message: 'Hola,\n<img src=x onerror=alert(1)>',
  files: [
    { name: 'a.jpg', size: 2_500_000 },
    { name: '<script>.png', size: 1024 },
  ],
  totalSize: 2_501_024,
  expiresAt: new Date('2026-11-26T15:14:00Z'),
}

describe('transferEmail', () => {
  it('is written in English for an English sender', () => {
    const sent = transferEmail(mail, 'en')
    expect(sent.subject).toBe('Lucía <b>Pérez</b> sent you "Fotos <del> viaje"')
    expect(sent.text).toContain('Lucía <b>Pérez</b> (lucia@example.com) sent you 2 files with Ferry.')
    expect(sent.text).toContain('- a.jpg (2.4 MiB)\n- <script>.png (1 KiB)')
    expect(sent.text).toContain('Download the files:\nhttps://ferry.example/share/abc?t=xyz')
    expect(sent.text).toContain('The files are available until November 26, 2026 at 3:14 PM UTC.')
  })

  it('is written in Spanish for a Spanish sender, with Spanish dates, numbers and plurals', () => {
    const sent = transferEmail({ ...mail, title: '', files: [mail.files[0]!] }, 'es')
    expect(sent.subject).toBe('Lucía <b>Pérez</b> te ha enviado 1 archivo')
    expect(sent.text).toContain('te ha enviado 1 archivo con Ferry.')
    expect(sent.text).toContain('- a.jpg (2,4 MiB)')
    expect(sent.text).toContain('Descargar los archivos:\nhttps://ferry.example/share/abc?t=xyz')
    expect(sent.text).toContain('Los archivos estarán disponibles hasta el 26 de noviembre de 2026')
    expect(sent.html).toContain('<html lang="es">')
    expect(sent.html).toContain('>Descargar los archivos</a>')
  })

  it('escapes what the sender wrote in the HTML version', () => {
    const html = transferEmail(mail, 'en').html ?? ''
    for (const raw of ['<b>Pérez</b>', '<del>', '<img src=x', '<script>']) expect(html).not.toContain(raw)
    expect(html).toContain('Lucía &lt;b&gt;Pérez&lt;/b&gt;')
    expect(html).toContain('Hola,<br>&lt;img src=x onerror=alert(1)&gt;')
    expect(html).toContain('&lt;script&gt;.png (1 KiB)')
    expect(html).toContain('href="https://ferry.example/share/abc?t=xyz"')
  })
})
