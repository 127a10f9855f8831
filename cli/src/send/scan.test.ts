import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scanPaths } from './scan.js'

describe('scanPaths', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ferry-scan-'))
    await mkdir(path.join(dir, 'album', 'b', 'empty-folder'), { recursive: true })
    await writeFile(path.join(dir, 'album', 'a.txt'), 'a')
    await writeFile(path.join(dir, 'album', 'b', 'c.txt'), 'cc')
    await writeFile(path.join(dir, 'single.txt'), '')
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('names a folder’s files by their path under it, the folder’s name first', async () => {
    const files = await scanPaths([path.join(dir, 'album'), path.join(dir, 'single.txt')])
    expect(files.map((f) => [f.name, f.size])).toEqual([
      ['album/a.txt', 1],
      ['album/b/c.txt', 2],
      ['single.txt', 0],
    ])
    expect(files[0]!.path).toBe(path.join(dir, 'album', 'a.txt'))
    expect(files[0]!.mtimeMs).toBeGreaterThan(0)
  })

  it('refuses a missing path and two files of one name', async () => {
    await expect(scanPaths([path.join(dir, 'nope')])).rejects.toThrow(/no such file/)
    await expect(scanPaths([path.join(dir, 'single.txt'), path.join(dir, 'single.txt')])).rejects.toThrow(
      /both be named/,
    )
  })
})
