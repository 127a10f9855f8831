import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The documents in docs/ and the README are read by people who cloned the repository: their
// links must lead somewhere, and the sections code comments cite ("product.md §3") must exist.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')

/** Folders never read: installed packages, build output, data and test artefacts. */
const skipped = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'playwright-report', '.bench-data'])

function filesUnder(dir: string, accept: (name: string) => boolean): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name)
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : filesUnder(relative, accept)
    return accept(entry.name) ? [relative] : []
  })
}

const documents = ['README.md', ...filesUnder('docs', (name) => name.endsWith('.md'))]

/** Markdown without its fenced code blocks (diagrams and examples are not links). */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '')

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

function anchorsOf(file: string): Set<string> {
  const headings = [...prose(read(file)).matchAll(/^#{1,6} (.+)$/gm)].map((m) => headingAnchor(m[1]!))
  return new Set(headings)
}

/** The relative links of a document: [text](target), without web, mail and in-page-only links. */
function linksOf(file: string): { target: string; anchor?: string }[] {
  return [...prose(read(file)).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((link) => !/^[a-z]+:/i.test(link))
    .map((link) => {
      const [target, anchor] = link.split('#', 2) as [string, string | undefined]
      return { target: target === '' ? file : path.posix.join(path.posix.dirname(file), target), anchor }
    })
}

describe('documentation links', () => {
  it('finds the documents', () => {
    expect(documents).toEqual(expect.arrayContaining(['docs/architecture.md', 'docs/product.md']))
  })

  it.each(documents)('%s links only to files that exist, and to headings they have', (file) => {
    for (const { target, anchor } of linksOf(file)) {
      expect(fs.existsSync(path.join(root, target)), `${file} → ${target}`).toBe(true)
      if (anchor !== undefined && target.endsWith('.md')) {
        expect(anchorsOf(target).has(anchor), `${file} → ${target}#${anchor}`).toBe(true)
      }
    }
  })
})

/** The documents code comments cite by numbered section, as `<name>.md §N`. */
const citedDocuments = {
  'product.md': 'docs/product.md',
  'spec/transfers.md': 'docs/spec/transfers.md',
  'spec/accounts.md': 'docs/spec/accounts.md',
} as const

const citation = /\b(product|spec\/transfers|spec\/accounts)\.md §(\d+)((?:(?:–|, )§?\d+)*)/g

function numberedSections(file: string): Set<number> {
  return new Set([...prose(read(file)).matchAll(/^#{2,3} (\d+)\. /gm)].map((m) => Number(m[1])))
}

describe('section citations', () => {
  const sources = filesUnder('.', (name) => /\.(ts|tsx|mjs|js|sql|md|css|json|ya?ml)$/.test(name)).filter(
    (file) => !file.endsWith('package-lock.json'),
  )
  const sections = Object.fromEntries(
    Object.entries(citedDocuments).map(([name, file]) => [name, numberedSections(file)]),
  ) as Record<keyof typeof citedDocuments, Set<number>>

  it('each cited document has numbered sections', () => {
    for (const [name, numbers] of Object.entries(sections)) expect(numbers.size, name).toBeGreaterThan(8)
  })

  it('every "product.md §N" and "spec/….md §N" in the repository names a section that exists', () => {
    const missing: string[] = []
    let count = 0
    for (const file of sources) {
      for (const match of read(file).matchAll(citation)) {
        const name = `${match[1]}.md` as keyof typeof citedDocuments
        const numbers = [match[2]!, ...[...match[3]!.matchAll(/\d+/g)].map((m) => m[0])].map(Number)
        count++
        for (const n of numbers) if (!sections[name].has(n)) missing.push(`${file}: ${name} §${n}`)
      }
    }
    expect(missing).toEqual([])
    expect(count).toBeGreaterThan(300)
  })

  it('no comment cites the documents that are not in the repository', () => {
    const stale = sources.filter(
      (file) => !file.startsWith('docs/') && /DECISIONS(\.md)? \d|\b00[01] ?§/.test(read(file)),
    )
    expect(stale).toEqual([])
  })
})
