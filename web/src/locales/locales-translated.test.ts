import { describe, expect, it } from 'vitest'

// Keyed './{lng}/{ns}.json'.
const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' })

type Tree = { [key: string]: string | Tree }

function flatten(tree: Tree, prefix: string, out: Map<string, string>): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}.${key}`
    if (typeof value === 'string') out.set(path, value)
    else flatten(value, path, out)
  }
  return out
}

function catalogue(lng: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const [file, tree] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/(.+)\.json$/.exec(file)
    if (match?.[1] === lng) flatten(tree, match[2] ?? '', out)
  }
  return out
}

/** Words that are the same in both languages: names, codes, units and shared words. */
const sharedWords = new Set(
  [
    'Ferry',
    'OK',
    'Email',
    'Premium',
    'Pro',
    'Business',
    'Enterprise',
    'Guest',
    'Edu',
    'ZIP',
    'CSS',
    'HTTP',
    'Webhooks',
    'Google',
    'Stripe',
    'English',
    'Español',
    'Total',
    'Error',
    'Admin',
    'Individual',
    'Personal',
    'Plan',
    'ID',
    'No',
    'h',
    'min',
    's',
    'ms',
    'd',
    'B',
    'KiB',
    'MiB',
    'GiB',
    'TiB',
  ].map((word) => word.toLowerCase()),
)

/** Whether a text may read the same in Spanish: every word of it (placeholders aside) is shared. */
const sameInBothLanguages = (text: string) =>
  (text.replace(/\{\{[^}]*\}\}/g, ' ').match(/\p{L}+/gu) ?? []).every((word) => sharedWords.has(word.toLowerCase()))

describe('Spanish catalogue', () => {
  const en = catalogue('en')
  const es = catalogue('es')

  it('has every English key, and no key English lacks, each with a non-empty text', () => {
    const missing = [...en.keys()].filter((key) => !es.get(key)?.trim())
    const extra = [...es.keys()].filter((key) => !en.has(key))
    const emptyEnglish = [...en].filter(([, text]) => !text.trim()).map(([key]) => key)
    expect({ missing, extra, emptyEnglish }).toEqual({ missing: [], extra: [], emptyEnglish: [] })
  })

  it('translates every text, apart from names, codes and units', () => {
    const untranslated = [...en]
      .filter(([key, text]) => es.get(key) === text)
      .filter(([, text]) => !sameInBothLanguages(text))
      .map(([key, text]) => `${key}: "${text}"`)
    expect(untranslated).toEqual([])
  })
})
