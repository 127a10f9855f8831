import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BlobUploadRejectedError } from './blob-store.js'
import { writeLimitedBody } from './write-limited-body.js'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ferry-limited-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

/** A body that sends `chunks` one by one, then ends unless told to stay open. */
function bodyOf(chunks: Buffer[], { end = true } = {}) {
  const body = new PassThrough()
  for (const chunk of chunks) body.write(chunk)
  if (end) body.end()
  return body
}

describe('writeLimitedBody', () => {
  it('writes every byte of a body within the limit and answers how many', async () => {
    const chunks = [Buffer.alloc(70_000, 1), Buffer.alloc(3, 2), Buffer.alloc(100_000, 3)]
    const file = path.join(dir, 'whole')
    expect(await writeLimitedBody(bodyOf(chunks), file, 170_003)).toBe(170_003)
    expect((await readFile(file)).equals(Buffer.concat(chunks))).toBe(true)
  })

  it('refuses a body over the limit with a 413, keeps no file and leaves the body open', async () => {
    const body = bodyOf([Buffer.alloc(600), Buffer.alloc(600)], { end: false })
    const file = path.join(dir, 'too-large')
    const refused = await writeLimitedBody(body, file, 1000).catch((error) => error)
    expect(refused).toBeInstanceOf(BlobUploadRejectedError)
    expect(refused).toMatchObject({ status: 413, code: 'payload_too_large' })
    expect(existsSync(file)).toBe(false)
    expect(body.destroyed).toBe(false)
    expect(body.isPaused()).toBe(true)
  })

  it('keeps no file when the client goes away in the middle', async () => {
    const body = bodyOf([Buffer.alloc(5000)], { end: false })
    const file = path.join(dir, 'cut')
    const writing = writeLimitedBody(body, file, 1_000_000)
    body.destroy(new Error('aborted'))
    await expect(writing).rejects.toThrow('aborted')
    expect(existsSync(file)).toBe(false)
  })

  it('never overwrites a file that is already there', async () => {
    const file = path.join(dir, 'taken')
    await writeLimitedBody(bodyOf([Buffer.from('first')]), file, 100)
    await expect(writeLimitedBody(bodyOf([Buffer.from('second')]), file, 100)).rejects.toThrow(/EEXIST/)
    expect(await readFile(file, 'utf8')).toBe('first')
  })
})
