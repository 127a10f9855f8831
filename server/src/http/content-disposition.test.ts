import { describe, expect, it } from 'vitest'
import { contentDisposition } from './content-disposition.js'

describe('contentDisposition', () => {
  it('gives plain ASCII names both ways', () => {
    expect(contentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`)
  })

  it('percent-encodes UTF-8 and keeps an ASCII fallback without accents', () => {
    expect(contentDisposition('Résumé 2024.pdf')).toBe(
      `attachment; filename="Resume 2024.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%202024.pdf`,
    )
  })

  it('replaces what a quoted string or old clients mishandle in the fallback', () => {
    expect(contentDisposition('a"b\\c%41.txt')).toBe(
      `attachment; filename="a_b_c_41.txt"; filename*=UTF-8''a%22b%5Cc%2541.txt`,
    )
  })

  it("encodes the characters encodeURIComponent leaves but RFC 5987 forbids: ' ( ) *", () => {
    expect(contentDisposition("it's (final)*.txt")).toContain(`filename*=UTF-8''it%27s%20%28final%29%2A.txt`)
  })

  it('maps scripts without an ASCII form to underscores in the fallback', () => {
    const value = contentDisposition('日本語.txt')
    expect(value).toBe(`attachment; filename="___.txt"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.txt`)
  })

  it('encodes characters outside the BMP as their UTF-8 bytes', () => {
    expect(contentDisposition('😀.png')).toBe(`attachment; filename="_.png"; filename*=UTF-8''%F0%9F%98%80.png`)
  })

  it('never lets a control character (header injection) through', () => {
    const value = contentDisposition('evil\r\nSet-Cookie: x=1.txt')
    expect(value).not.toMatch(/[\r\n]/)
    expect(value).toBe(`attachment; filename="evilSet-Cookie: x=1.txt"; filename*=UTF-8''evilSet-Cookie%3A%20x%3D1.txt`)
  })

  it('falls back to "download" for an empty name', () => {
    expect(contentDisposition('')).toBe(`attachment; filename="download"; filename*=UTF-8''download`)
  })

  it('can say inline', () => {
    expect(contentDisposition('a.png', 'inline')).toMatch(/^inline; filename="a\.png"/)
  })

  it('is what a standard parser reads back', () => {
    const name = 'Ünïcödé naïve – “quotes” 100%.tar.gz'
    const encoded = /filename\*=UTF-8''(.+)$/.exec(contentDisposition(name))?.[1]
    expect(decodeURIComponent(encoded ?? '')).toBe(name)
  })
})
