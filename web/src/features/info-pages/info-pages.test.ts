import { describe, expect, it } from 'vitest'
import en from '../../locales/en/pages.json'
import { infoPages } from './info-pages.js'

type Tree = { [key: string]: string | Tree }

function textAt(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined
  return typeof node === 'string' ? node : undefined
}

describe('infoPages', () => {
  for (const page of Object.values(infoPages)) {
    it(`${page.id}: every text it shows exists in pages.json`, () => {
      const keys = [
        'title',
        'intro',
        ...page.sections.flatMap((section) => [`sections.${section}.title`, `sections.${section}.body`]),
        ...page.actions.map((action) => `actions.${action.label}`),
        ...(page.layout === 'contact' ? ['helpTitle', 'helpBody', 'noEmailTitle', 'noEmailBody', 'emailTitle'] : []),
      ].map((key) => `${page.id}.${key}`)
      expect(keys.filter((key) => !textAt(en as Tree, key))).toEqual([])
      // And no section text sits unused.
      const sections = (en as Record<string, { sections?: Tree }>)[page.id]?.sections ?? {}
      expect(Object.keys(sections).sort()).toEqual([...page.sections].sort())
    })
  }

  it('links only to pages of the app, never to itself twice', () => {
    for (const page of Object.values(infoPages)) {
      for (const action of page.actions) expect(action.to).toMatch(/^\//)
      expect(new Set(page.actions.map((action) => action.to)).size).toBe(page.actions.length)
    }
  })
})
