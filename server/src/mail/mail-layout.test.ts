import { describe, expect, it } from 'vitest'
import { composeMail, escapeHtml, singleLine } from './mail-layout.js'

const hostile = '<script>alert("x")</script> & \'quotes\''

describe('composeMail', () => {
  const mail = composeMail({
    to: 'ana@example.com',
    language: 'es',
    subject: 'Hola\r\nBcc: evil@example.com',
    blocks: [
      { kind: 'paragraph', text: `Intro ${hostile}` },
      { kind: 'quote', text: 'line one\nline <two>' },
      { kind: 'list', items: ['a.txt (1 KiB)', `b${hostile}\n.txt`] },
      { kind: 'button', label: 'Descargar <ya>', url: 'https://ferry.example/share/x?t=a&b="c"' },
      { kind: 'note', text: 'small <print>' },
    ],
  })

  it('keeps the subject on one line', () => {
    expect(mail.subject).toBe('Hola Bcc: evil@example.com')
  })

  it('writes the plain text as it is, the link on its own line after the label, and the signature in the language', () => {
    expect(mail.text).toBe(
      `${[
        `Intro ${hostile}`,
        'line one\nline <two>',
        `- a.txt (1 KiB)\n- b${hostile} .txt`,
        'Descargar <ya>:\nhttps://ferry.example/share/x?t=a&b="c"',
        'small <print>',
        'Ferry · envía y recibe archivos',
      ].join('\n\n')}\n`,
    )
  })

  it('escapes every text in the HTML, keeps line breaks, and makes the link a button with a fallback', () => {
    const html = mail.html ?? ''
    expect(html).toContain('<html lang="es">')
    expect(html).not.toContain('<script>')
    expect(html).toContain('Intro &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;')
    expect(html).toContain('line one<br>line &lt;two&gt;')
    expect(html).toContain('<li style="margin:0 0 4px">a.txt (1 KiB)</li>')
    expect(html).toContain('href="https://ferry.example/share/x?t=a&amp;b=&quot;c&quot;"')
    expect(html).toContain('>Descargar &lt;ya&gt;</a>')
    expect(html).toContain('Si el botón no funciona, abre este enlace:')
    expect(html).toContain('small &lt;print&gt;')
    expect(html).toContain('<title>Hola Bcc: evil@example.com</title>')
  })

  it('never puts a link that is not http(s) into an href', () => {
    const html =
      composeMail({
        to: 'a@b.co',
        language: 'en',
        subject: 's',
        blocks: [{ kind: 'button', label: 'Open', url: 'javascript:alert(1)' }],
      }).html ?? ''
    expect(html).not.toContain('href="javascript')
    expect(html).toContain('Open: javascript:alert(1)')
  })
})

describe('helpers', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
  })

  it('puts text on one line', () => {
    expect(singleLine(' a\r\nb\tc ')).toBe('a b c')
  })
})
