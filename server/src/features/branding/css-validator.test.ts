import { describe, expect, it } from 'vitest'
import { describeRefusal, maxCssBytes, validateOrganizationCss } from './css-validator.js'

const own = '/brand/org-1/backgrounds/5b1f0e0a-9a51-4a39-9d0c-2b7a1f3c4d5e/1280.webp'
const isOwnAsset = (url: string) => url === own
const check = (css: string) => validateOrganizationCss(css, isOwnAsset)
const refusal = (css: string) => {
  const verdict = check(css)
  if (verdict.ok) throw new Error(`accepted: ${css}`)
  return verdict.refusal
}

describe('validateOrganizationCss', () => {
  it.each([
    ['@import', '@import "https://x/a.css";', 1, 1, /@import/],
    ['an escaped @import', 'a{color:red}\n  @\\69 mport "x.css";', 2, 3, /@import/],
    ['a protocol-relative url', 'a {\n  background: url(//x/a.png);\n}', 2, 15, /url\(\/\/x\/a\.png\)/],
    ['a remote url', '.a{background:url(https://x/a.png)}', 1, 15, /https:\/\/x/],
    ['a quoted remote url', '.a{background:url("https://x/a.png")}', 1, 15, /https:\/\/x/],
    ['a url with escapes in its value', '.a{background:url("https:\\2f\\2f x/a")}', 1, 15, /https:\/\/x/],
    ['an escaped url()', '.a{\nbackground:u\\72l(https://x/a.png)}', 2, 12, /url/],
    ['a data: url', '.a{background:url(data:image/png;base64,AAAA)}', 1, 15, /data:/],
    ['a url in a custom property', ':root{--bg:url(https://x/a.png)}', 1, 12, /https/],
    ['a string in image-set()', '.a{background:image-set("https://x/a.png" 1x)}', 1, 25, /https/],
    ['expression()', '.a{width:expression(alert(1))}', 1, 10, /expression/],
    ['behavior', '.a{behavior:url(#default#x)}', 1, 4, /behavior/],
    ['an escaped behavior', '.a{b\\65havior:x}', 1, 4, /behavior/],
    ['-moz-binding', '.a{\n-moz-binding:x}', 2, 1, /-moz-binding/],
    ['@namespace', '@namespace svg url(http://www.w3.org/2000/svg);', 1, 1, /@namespace/],
    ['@charset', '@charset "utf-7";', 1, 1, /@charset/],
    ['@-moz-document', '@-moz-document url-prefix(){a{color:red}}', 1, 1, /@-moz-document/],
    ['@import hidden after a syntax error', '.x{ .y &{color:blue}}\n.z{} } @import "x";', 2, 8, /@import/],
    ['an url in text the parser could not place', '.x{ .y &{background:url(https://x/)}}', 1, 21, /https/],
  ])('refuses %s with its position', (_name, css, line, column, reason) => {
    const found = refusal(css)
    expect(found).toMatchObject({ line, column })
    expect(describeRefusal(found)).toMatch(reason)
  })

  it.each([
    ['@import "x.css";', 'at_rule', '@import'],
    ['a{color:red}\n  @\\69 mport "x.css";', 'at_rule', '@import'],
    ['.a{background:url(https://x/a.png)}', 'url_not_own_asset', 'https://x/a.png'],
    ['.a{\nbackground:u\\72l(https://x/a.png)}', 'unparsed_function', 'url'],
    ['.a{background:u\\72l(x)}', 'escaped_url', null],
    ['.a{width:expression(alert(1))}', 'function', 'expression'],
    ['.a{b\\65havior:x}', 'property', 'behavior'],
    ['.x{ .y &{background:url(https://x/)}}', 'url_not_own_asset', 'https://x/'],
  ])('gives %s a stable reason code and its subject', (css, reason, subject) => {
    expect(refusal(css)).toMatchObject({ reason, subject })
  })

  it('refuses a stylesheet past 50 KB at the first character beyond the limit', () => {
    const line = `${'a{color:red}'.padEnd(99, ' ')}\n`
    const css = line.repeat(Math.ceil(maxCssBytes / line.length) + 1)
    const found = refusal(css)
    expect(found).toMatchObject({ reason: 'too_large', subject: '50' })
    expect(describeRefusal(found)).toMatch(/50 KB/)
    expect(found.line).toBe(Math.floor(maxCssBytes / line.length) + 1)
    expect(found.column).toBe((maxCssBytes % line.length) + 1)
  })

  it('accepts ordinary rules and the organization’s own images, and serves its own serialization', () => {
    const css = [
      ':root{--brand:#0a7}',
      `.ferry-share{background:url(${own}) center/cover;color:var(--brand)}`,
      '@media (prefers-reduced-motion: reduce){*{animation:none}}',
      '@supports (display:grid){.a{display:grid}}',
      '@keyframes spin{to{transform:rotate(1turn)}}',
      '@font-face{font-family:X;src:local("Arial")}',
      'a[href^="https://"]{content:"https://not-a-url"}',
    ].join('\n')
    const verdict = check(css)
    expect(verdict).toMatchObject({ ok: true })
    if (verdict.ok) {
      expect(verdict.css).toContain(`url(${own})`)
      expect(verdict.css).not.toContain('\n')
    }
  })

  it('accepts exactly 50 KB', () => {
    const css = `/*${'x'.repeat(maxCssBytes - 4)}*/`
    expect(check(css).ok).toBe(true)
  })
})
