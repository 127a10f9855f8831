import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { configVariableNames } from './config.js'
import { serverPath } from './server-paths.js'

const readme = fs.readFileSync(serverPath('..', 'README.md'), 'utf8')

/** The variable names in the first column of the README's table under '## Configuration'. */
function documentedVariables(markdown: string): string[] {
  const start = markdown.indexOf('\n## Configuration\n')
  expect(start, 'README has a ## Configuration section').toBeGreaterThan(-1)
  const section = markdown.slice(start + 1).split(/\n## /)[0]!
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!))
}

describe("the README's configuration table", () => {
  const documented = documentedVariables(readme)

  it('lists every variable config.ts reads', () => {
    expect(configVariableNames.filter((name) => !documented.includes(name))).toEqual([])
  })

  it('lists only variables config.ts reads, each once', () => {
    expect(documented.filter((name) => !configVariableNames.includes(name as never))).toEqual([])
    expect(documented.filter((name, i) => documented.indexOf(name) !== i)).toEqual([])
  })
})
