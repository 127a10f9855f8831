import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalFile } from './scan.js'
import { uploadStateStore } from './upload-state.js'

describe('upload state', () => {
  let dir: string
  const file: LocalFile = { path: '/data/big.iso', name: 'big.iso', size: 100, mtimeMs: 1000 }
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ferry-state-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('remembers the finished parts of a file, and forgets them once cleared', async () => {
    const store = uploadStateStore(dir, 'https://f.example', file)
    const upload = {
      kind: 'multipart' as const,
      uploadId: 'u',
      key: 'k',
      partSize: 50,
      parts: {} as Record<string, string>,
    }
    await store.save(upload)
    upload.parts[1] = '"e1"'
    // Saves run in order: the second one is what stays.
    await Promise.all([store.save(upload), store.save({ ...upload, parts: { 1: '"e1"', 2: '"e2"' } })])
    expect(await uploadStateStore(dir, 'https://f.example', file).load()).toEqual({
      ...upload,
      parts: { 1: '"e1"', 2: '"e2"' },
    })
    await store.clear()
    expect(await store.load()).toBeUndefined()
    expect(await readdir(dir)).toEqual([])
  })

  it('finds nothing for the same path once the file changed, or for another server', async () => {
    await uploadStateStore(dir, 'https://f.example', file).save({ kind: 'whole', key: 'k' })
    expect(await uploadStateStore(dir, 'https://f.example', { ...file, mtimeMs: 2000 }).load()).toBeUndefined()
    expect(await uploadStateStore(dir, 'https://f.example', { ...file, size: 101 }).load()).toBeUndefined()
    expect(await uploadStateStore(dir, 'https://other.example', file).load()).toBeUndefined()
    expect(await uploadStateStore(dir, 'https://f.example', file).load()).toEqual({ kind: 'whole', key: 'k' })
  })
})
