import { describe, expect, it } from 'vitest'
import { mailCatalogues } from './mail-catalogues.js'
import { mailText } from './mail-text.js'

type Tree = { [key: string]: string | Tree }

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else flatten(value, path, out)
  }
  return out
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort()

describe('mail catalogues', () => {
  it('ship the same namespaces in English and Spanish', () => {
    expect(Object.keys(mailCatalogues.es).sort()).toEqual(Object.keys(mailCatalogues.en).sort())
  })

  for (const ns of Object.keys(mailCatalogues.en) as (keyof typeof mailCatalogues.en)[]) {
    it(`${ns}: every English text has a Spanish one, with the same placeholders`, () => {
      const en = flatten(mailCatalogues.en[ns] as Tree)
      const es = flatten(mailCatalogues.es[ns] as Tree)
      expect({
        missing: [...en.keys()].filter((k) => !es.get(k)?.trim()),
        extra: [...es.keys()].filter((k) => !en.has(k)),
      }).toEqual({ missing: [], extra: [] })
      for (const [key, text] of en) {
        expect(text.trim(), key).not.toBe('')
        expect(placeholders(es.get(key) ?? ''), key).toEqual(placeholders(text))
        // Lists' items, totals and brand-like plan names ('Pro') read the same in both languages.
        if (!/^(file|total|pro)$/.test(key.split('.').pop() ?? ''))
          expect(es.get(key), `${ns}.${key} is translated`).not.toBe(text)
      }
    })
  }
})

describe('mailText', () => {
  const when = new Date('2026-11-26T15:14:00Z')

  it('writes dates in UTC as each language does', () => {
    expect(mailText('en', 'transfers').date(when)).toBe('November 26, 2026 at 3:14 PM UTC')
    expect(mailText('es', 'transfers').date(when)).toBe('26 de noviembre de 2026 a las 15:14 UTC')
  })

  it('writes days and money as each language does', () => {
    expect(mailText('en', 'billing').day(when)).toBe('November 26, 2026')
    expect(mailText('es', 'billing').day(when)).toBe('26 de noviembre de 2026')
    expect(mailText('en', 'billing').money(9900)).toBe('€99.00')
    expect(mailText('es', 'billing').money(9900)).toBe('99,00\u00a0€')
  })

  it('writes sizes with the language number format', () => {
    expect(mailText('en', 'transfers').size(2_500_000)).toBe('2.4 MiB')
    expect(mailText('es', 'transfers').size(2_500_000)).toBe('2,4 MiB')
  })

  it('picks plural forms', () => {
    const en = mailText('en', 'transfers').t
    const es = mailText('es', 'transfers').t
    expect(en('transfer.subject', { sender: 'Ana', count: 1 })).toBe('Ana sent you 1 file')
    expect(en('transfer.subject', { sender: 'Ana', count: 3 })).toBe('Ana sent you 3 files')
    expect(es('transfer.subject', { sender: 'Ana', count: 1 })).toBe('Ana te ha enviado 1 archivo')
    expect(es('transfer.subject', { sender: 'Ana', count: 3 })).toBe('Ana te ha enviado 3 archivos')
  })
})
