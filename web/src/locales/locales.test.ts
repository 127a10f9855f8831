import { describe, expect, it } from 'vitest'

const languages = ['en', 'es']
// Keyed './{lng}/{ns}.json'.
const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' })

type Tree = { [key: string]: string | Tree }

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, v] of flatten(value, path)) out.set(k, v)
  }
  return out
}

function load(lng: string, ns: string): Map<string, string> {
  const tree = files[`./${lng}/${ns}`]
  if (!tree) throw new Error(`missing ${lng}/${ns}`)
  return flatten(tree)
}

function namespacesOf(lng: string): string[] {
  return Object.keys(files)
    .filter((path) => path.startsWith(`./${lng}/`))
    .map((path) => path.slice(`./${lng}/`.length))
    .sort()
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort()

describe('locale files', () => {
  const namespaces = namespacesOf('en')

  it('ship the same namespaces in every language', () => {
    expect(namespaces).toContain('common.json')
    for (const lng of languages) expect(namespacesOf(lng)).toEqual(namespaces)
  })

  for (const ns of namespaces) {
    it(`${ns}: every English key has a non-empty Spanish translation with the same placeholders`, () => {
      const en = load('en', ns)
      const es = load('es', ns)
      const missing = [...en.keys()].filter((key) => !es.get(key)?.trim())
      const extra = [...es.keys()].filter((key) => !en.has(key))
      expect({ missing, extra }).toEqual({ missing: [], extra: [] })
      for (const [key, text] of en) expect(placeholders(es.get(key) ?? ''), key).toEqual(placeholders(text))
    })
  }
  // Issue 17 (walk ES.4, 7.4): no "recipient(s)", and no "1 users": a text that counts says so with
  // i18next's plural forms, `key_one` and `key_other` side by side, each fed `count`, which
  // i18next's number formatter writes in the language's convention.
  for (const lng of languages) {
    it(`${lng}: no "(s)", and a number followed by what it counts in both plural forms`, () => {
      const problems: string[] = []
      for (const ns of namespaces) {
        const texts = load(lng, ns)
        for (const [key, text] of texts) {
          if (/\p{L}\((s|es)\)/u.test(text)) problems.push(`${ns} ${key}: "(s)"`)
          // A count is written in the language's number format ('12.345' in Spanish): `{{count, number}}`.
          if (/\{\{\s*count\s*\}\}/.test(text)) problems.push(`${ns} ${key}: {{count}} without ", number"`)
          // '{{count}} users' needs its forms; '{{count}} of {{max}}' names nothing it counts.
          const counts = /\{\{\s*count(\s*,\s*number)?\s*\}\}\s+(?!of\b|de\b)\p{L}/u.test(text)
          const plural = /^(.*)_(one|other)$/.exec(key)
          if (counts && !plural) problems.push(`${ns} ${key}: counts without _one/_other`)
          if (plural && !(texts.has(`${plural[1]}_one`) && texts.has(`${plural[1]}_other`)))
            problems.push(`${ns} ${plural[1]}: needs both _one and _other`)
        }
      }
      expect(problems).toEqual([])
    })
  }
})
