import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const cliDir = path.resolve(import.meta.dirname, '..')

describe('the published bundle', () => {
  let dir: string | undefined
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('runs on its own, away from the repository and its node_modules', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ferry-bundle-'))
    const bundle = path.join(dir, 'ferry.js')
    await run(process.execPath, [path.join(cliDir, 'build.mjs'), bundle])
    const version = await run(process.execPath, [bundle, '--version'], { cwd: dir })
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/)
    // A command line it cannot run: a sentence and exit code 2, no stack trace.
    const wrong = await run(process.execPath, [bundle, 'login', '--colour'], {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: dir },
    }).catch((error: { code: number; stderr: string }) => error)
    expect(wrong).toMatchObject({ code: 2, stderr: expect.stringContaining("Unknown option '--colour'") })
    expect((wrong as { stderr: string }).stderr).not.toMatch(/\n\s+at /)
  })
})
