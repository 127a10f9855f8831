import type { CssRefusalReason } from '@ferry/contracts/api/branding'
import * as csstree from 'css-tree'

/** The largest stylesheet an organization may keep (issue 22 item 4): 50 KiB of UTF-8. */
export const maxCssBytes = 50 * 1024

/** Why a stylesheet was refused (a code and what it names), and what it refused. */
interface Refusal {
  reason: CssRefusalReason
  subject: string | null
}

/** Why a stylesheet was refused, and where: 1-based line and column in the submitted text. */
export interface CssRefusal extends Refusal {
  line: number
  column: number
}

/** The refusal in English (the API's `detail`; the web translates `reason` with `subject`). */
export function describeRefusal({ reason, subject }: Refusal): string {
  switch (reason) {
    case 'too_large':
      return `The stylesheet is larger than ${subject} KB`
    case 'at_rule':
      return `${subject} is not allowed`
    case 'property':
      return `The property ${subject} is not allowed`
    case 'function':
      return `${subject}() is not allowed`
    case 'escaped_url':
      return 'An escaped url() is not allowed'
    case 'url_not_own_asset':
      return `url(${subject}) is not one of the organization's uploaded images`
    case 'unparsed_function':
      return `${subject}() could not be parsed here`
  }
}

export type CssVerdict = { ok: true; css: string } | { ok: false; refusal: CssRefusal }

/**
 * At-rules that only style the page. Everything else is refused: `@import` (loads another
 * stylesheet), `@namespace` and `@charset` (change how the rest is read: the file is always served
 * as UTF-8 under one default namespace), `@document`/`@-moz-document` and any name we do not know.
 */
const allowedAtRules = new Set([
  'media',
  'supports',
  'font-face',
  'keyframes',
  '-webkit-keyframes',
  'container',
  'layer',
  'page',
  'counter-style',
  'property',
  'scope',
  'starting-style',
  'font-feature-values',
])

/** Properties that run code or bind behaviour in old engines (IE's HTC, Firefox's XBL). */
const forbiddenProperties = new Set(['behavior', '-ms-behavior', '-moz-binding', 'binding'])

/** Functions that run code (IE's `expression()`). */
const forbiddenFunctions = new Set(['expression', '-ms-expression'])

/** Functions whose string arguments are URLs: `image-set("x.png" 1x)` fetches like `url()`. */
const urlFunctions = new Set([
  'url',
  'src',
  'image',
  'image-set',
  '-webkit-image-set',
  'cross-fade',
  '-webkit-cross-fade',
])

/** 1-based line and column of a character offset. */
function positionAt(source: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let i = 0; i < offset && i < source.length; i++) {
    if (source[i] === '\n') {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: offset - lineStart + 1 }
}

/** An identifier as the browser reads it: escapes decoded (`\69 mport` is `import`), lower case. */
const decoded = (name: string) => csstree.ident.decode(name).toLowerCase()

/**
 * Checks an organization's stylesheet on css-tree's parse of it (decoded names and URL values,
 * never a regular expression over the text, so escapes cannot hide anything) and answers the
 * stylesheet to serve: css-tree's serialization of the checked tree, so whatever its error
 * recovery dropped is not served either. `isOwnAsset` says whether a decoded URL is one of the
 * organization's own uploaded files; every other URL (remote, protocol-relative, `data:`, a
 * fragment) is refused. The first refusal in the text is answered, with its position.
 */
export function validateOrganizationCss(source: string, isOwnAsset: (url: string) => boolean): CssVerdict {
  if (Buffer.byteLength(source, 'utf8') > maxCssBytes) {
    // The position of the first character past the limit.
    let bytes = 0
    let index = 0
    for (const char of source) {
      bytes += Buffer.byteLength(char, 'utf8')
      if (bytes > maxCssBytes) break
      index += char.length
    }
    return refuse(source, index, { reason: 'too_large', subject: String(maxCssBytes / 1024) })
  }
  const problems: (Refusal & { offset: number })[] = []
  const flag = (offset: number | undefined, reason: CssRefusalReason, subject: string | null = null) =>
    problems.push({ offset: offset ?? 0, reason, subject })
  const checkUrl = (offset: number | undefined, url: string) => {
    if (!isOwnAsset(url.trim())) flag(offset, 'url_not_own_asset', url)
  }

  const ast = csstree.parse(source, { positions: true, parseCustomProperty: true })
  // The function each node sits in, to read the strings of `image-set("…")` as URLs.
  const functionStack: string[] = []
  csstree.walk(ast, {
    enter(node: csstree.CssNode) {
      const offset = node.loc?.start.offset
      switch (node.type) {
        case 'Atrule': {
          const name = decoded(node.name)
          if (!allowedAtRules.has(name)) flag(offset, 'at_rule', `@${name}`)
          break
        }
        case 'Declaration': {
          const property = decoded(node.property)
          if (forbiddenProperties.has(property)) flag(offset, 'property', property)
          break
        }
        case 'Url':
          checkUrl(offset, node.value)
          break
        case 'Function': {
          const name = decoded(node.name)
          if (forbiddenFunctions.has(name)) flag(offset, 'function', name)
          // css-tree reads `u\72l(…)` as a function, a browser as url(): refused, whatever it holds.
          else if (name === 'url' && node.name.toLowerCase() !== 'url') flag(offset, 'escaped_url')
          functionStack.push(name)
          break
        }
        case 'String':
          if (urlFunctions.has(functionStack.at(-1) ?? '')) checkUrl(offset, node.value)
          break
        case 'Raw':
          scanRaw(node.value, offset ?? 0, flag, checkUrl)
          break
      }
    },
    leave(node: csstree.CssNode) {
      if (node.type === 'Function') functionStack.pop()
    },
  })
  const first = problems.sort((a, b) => a.offset - b.offset)[0]
  if (first) return refuse(source, first.offset, first)
  return { ok: true, css: csstree.generate(ast) }
}

/**
 * Text css-tree kept unparsed (a Raw node: what its error recovery could not place, or a
 * construct it does not know) is still served, so its tokens are checked one by one.
 */
function scanRaw(
  raw: string,
  start: number,
  flag: (offset: number, reason: CssRefusalReason, subject: string) => void,
  checkUrl: (offset: number, url: string) => void,
): void {
  const types = csstree.tokenTypes
  csstree.tokenize(raw, (type, from, to) => {
    const text = raw.slice(from, to)
    const at = start + from
    if (type === types.AtKeyword) {
      const name = decoded(text.slice(1))
      if (!allowedAtRules.has(name)) flag(at, 'at_rule', `@${name}`)
    } else if (type === types.Url) {
      checkUrl(at, csstree.url.decode(text))
    } else if (type === types.Function) {
      const name = decoded(text.slice(0, -1))
      if (forbiddenFunctions.has(name)) flag(at, 'function', name)
      else if (urlFunctions.has(name)) flag(at, 'unparsed_function', name)
    } else if (type === types.Ident && forbiddenProperties.has(decoded(text))) {
      flag(at, 'property', decoded(text))
    }
  })
}

function refuse(source: string, offset: number, { reason, subject }: Refusal): CssVerdict {
  return { ok: false, refusal: { reason, subject, ...positionAt(source, offset) } }
}
