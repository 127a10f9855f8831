// The layering lint (`.dependency-cruiser.cjs`, run by `npm run lint`) on a small copy of the
// repository's layout: it passes on the clean fixture and fails on each forbidden import added to it.
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const fixture = path.join(root, 'scripts/layering-fixture')
const config = path.join(root, '.dependency-cruiser.cjs')
const cli = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs')

interface CruiseResult {
  modules: { source: string; dependencies: { resolved: string; couldNotResolve: boolean }[] }[]
  summary: { violations: { rule: { name: string }; from: string; to: string }[]; totalCruised: number }
}

/** Runs the lint's cruise, as `npm run lint` does, on a copy of the fixture with `changes` written into it. */
async function cruise(changes: Record<string, string> = {}): Promise<CruiseResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-layering-'))
  try {
    await fs.cp(fixture, dir, { recursive: true })
    for (const [file, text] of Object.entries(changes)) {
      await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true })
      await fs.writeFile(path.join(dir, file), text)
    }
    // A violation makes the command exit non-zero; the JSON report is on stdout either way.
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        [cli, '--config', config, '--output-type', 'json', 'contracts', 'server', 'web'],
        { cwd: dir, maxBuffer: 16 * 2 ** 20 },
        (error, out, stderr) => (out ? resolve(out) : reject(error ?? new Error(stderr))),
      )
    })
    return JSON.parse(stdout) as CruiseResult
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}

const violations = (result: CruiseResult) =>
  result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort()

describe('the layering lint', () => {
  it('passes on the clean fixture, having resolved every import to its TypeScript source', async () => {
    const result = await cruise()
    expect(violations(result)).toEqual([])
    // A resolution that failed would hide every rule: the '.js' imports must reach the '.ts' files.
    expect(result.summary.totalCruised).toBe(11)
    const beta = result.modules.find((m) => m.source === 'server/src/features/beta/beta.service.ts')
    expect(beta?.dependencies.map((d) => d.resolved).sort()).toEqual([
      'server/src/features/alpha/alpha.service.ts',
      'server/src/features/beta/beta.repository.ts',
    ])
  })

  it("fails on a feature's service importing another feature's repository", async () => {
    const result = await cruise({
      'server/src/features/beta/beta.service.ts': [
        "import { findAlpha } from '../alpha/alpha.repository.js'",
        "import { findBeta } from './beta.repository.js'",
        '',
        'export const betaService = { read: () => [findBeta(), findAlpha()].join(" ") }',
        '',
      ].join('\n'),
    })
    expect(violations(result)).toEqual([
      'no-cross-feature-internals: server/src/features/beta/beta.service.ts → server/src/features/alpha/alpha.repository.ts',
    ])
  })

  it('fails on an import cycle', async () => {
    const result = await cruise({
      'server/src/features/alpha/alpha-rules.ts': [
        "import { alphaService } from './alpha.service.js'",
        '',
        'export const checked = () => alphaService.read()',
        '',
      ].join('\n'),
      'server/src/features/alpha/alpha.service.ts': [
        "import { checked } from './alpha-rules.js'",
        "import { findAlpha } from './alpha.repository.js'",
        '',
        'export const alphaService = { read: () => findAlpha(), check: () => checked() }',
        '',
      ].join('\n'),
    })
    // A cycle is reported once, at its first module.
    expect(violations(result)).toEqual([
      'no-cycles: server/src/features/alpha/alpha-rules.ts → server/src/features/alpha/alpha.service.ts',
    ])
  })

  it('fails on two features that depend on each other, even through their services', async () => {
    const result = await cruise({
      'server/src/features/alpha/alpha.service.ts': [
        "import { betaService } from '../beta/beta.service.js'",
        "import { findAlpha } from './alpha.repository.js'",
        '',
        'export const alphaService = { read: () => findAlpha(), beta: () => betaService.read() }',
        '',
      ].join('\n'),
    })
    const rules = new Set(result.summary.violations.map((v) => v.rule.name))
    expect([...rules].sort()).toEqual(['no-cycles', 'no-feature-cycles'])
  })

  it('fails on a repository importing a service', async () => {
    const result = await cruise({
      'server/src/features/alpha/alpha.repository.ts': [
        "import { db } from '../../db/database.js'",
        "import type { alphaService } from './alpha.service.js'",
        '',
        'export const findAlpha = () => db.name',
        'export type Alpha = typeof alphaService',
        '',
      ].join('\n'),
    })
    expect(violations(result)).toContain(
      'repositories-import-no-services: server/src/features/alpha/alpha.repository.ts → server/src/features/alpha/alpha.service.ts',
    )
  })

  it("fails on a web feature importing another web feature's internals, not its index", async () => {
    const result = await cruise({
      'web/src/features/two/index.ts': [
        "import { oneView } from '../one/one-view.js'",
        '',
        'export const twoView = () => oneView()',
        '',
      ].join('\n'),
    })
    expect(violations(result)).toEqual([
      'web-features-through-index: web/src/features/two/index.ts → web/src/features/one/one-view.ts',
    ])
  })

  it('lets a test kit reach into another feature (test code is not cruised)', async () => {
    const result = await cruise({
      'server/src/features/beta/testing/beta-kit.ts': [
        "import { findAlpha } from '../../alpha/alpha.repository.js'",
        '',
        'export const seeded = () => findAlpha()',
        '',
      ].join('\n'),
    })
    expect(violations(result)).toEqual([])
  })
})
