import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { crc32 } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { transferFiles } from '../../db/schema/index.js'
import type { TestApp } from '../../testing/test-app.js'
import { forEachStack } from '../../testing/test-app.js'
import { jobRunner } from '../transfers/previews/testing/previews-test-kit.js'
import {
  downloadCount,
  fetchBytes,
  postTransfer,
  randomBody,
  readStoredZip,
  sha256,
  signUp,
  unzipTest,
  uploadFiles,
} from '../transfers/testing/transfers-test-kit.js'

const run = promisify(execFile)
const MiB = 1024 * 1024

/** A transfer of these files to one recipient; its share id and the ZIP's address. */
async function sendTransfer(app: TestApp, files: { name: string; body: Buffer }[]) {
  const sender = await signUp(app, 'PREMIUM', 'Sam Sender')
  const res = await postTransfer(app, sender.token, {
    files: await uploadFiles(app, sender, files),
    recipient_emails: ['ana@example.com'],
    title: 'Verified',
  })
  expect(res.status).toBe(201)
  const created = res.body as { id: string; unique_id: string }
  return { ...created, zipUrl: `${app.url}/share/${created.unique_id}/download?as_zip=true` }
}

async function inTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-digest-'))
  try {
    return await fn(dir)
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}

await forEachStack((getApp) => {
  const jobs = jobRunner()
  afterEach(() => jobs.stop())
  const report = randomBody(3 * MiB + 17)
  const photo = randomBody(200_001)
  const files = [
    { name: 'report.pdf', body: report },
    { name: 'photo.jpg', body: photo },
  ]

  describe('verified bytes and a resumable ZIP (issue 24)', () => {
    it('keeps each stored file’s SHA-256 and CRC-32, read through once by a job', async () => {
      const app = getApp()
      const sent = await sendTransfer(app, files)
      await jobs.run(app)
      const rows = await app.deps.database.db
        .select({ name: transferFiles.fileName, sha256: transferFiles.sha256, crc32: transferFiles.crc32 })
        .from(transferFiles)
        .where(eq(transferFiles.transferId, sent.id))
        .orderBy(transferFiles.position)
      expect(rows).toEqual([
        { name: 'report.pdf', sha256: sha256(report), crc32: crc32(report) >>> 0 },
        { name: 'photo.jpg', sha256: sha256(photo), crc32: crc32(photo) >>> 0 },
      ])
    })

    it('streams the ZIP whole until the CRCs are known, then answers ranges of a fixed archive', async () => {
      const app = getApp()
      const sent = await sendTransfer(app, files)
      const before = await fetch(sent.zipUrl, { headers: { range: 'bytes=0-9' } })
      expect(before.status).toBe(200)
      expect(before.headers.get('accept-ranges')).toBe('none')
      await before.arrayBuffer()

      await jobs.run(app)
      const { res, bytes: whole } = await fetchBytes(sent.zipUrl)
      expect(res.status).toBe(200)
      expect(res.headers.get('accept-ranges')).toBe('bytes')
      expect(Number(res.headers.get('content-length'))).toBe(whole.length)
      const etag = res.headers.get('etag')!
      expect(etag).toMatch(/^"zip-/)
      expect(await unzipTest(whole)).toContain('No errors detected')
      const entries = readStoredZip(whole)
      expect([...entries.keys()]).toEqual(['report.pdf', 'photo.jpg', 'SHA256SUMS'])
      expect(entries.get('SHA256SUMS')!.toString()).toBe(`${sha256(report)}  report.pdf\n${sha256(photo)}  photo.jpg\n`)

      // A cut download resumes where it stopped, with If-Range, and the pieces are the archive.
      const cut = 1_234_567
      const first = await fetchBytes(sent.zipUrl, { headers: { range: `bytes=0-${cut - 1}` } })
      expect(first.res.status).toBe(206)
      const rest = await fetchBytes(sent.zipUrl, { headers: { range: `bytes=${cut}-`, 'if-range': etag } })
      expect(rest.res.status).toBe(206)
      expect(rest.res.headers.get('content-range')).toBe(`bytes ${cut}-${whole.length - 1}/${whole.length}`)
      expect(Buffer.concat([first.bytes, rest.bytes]).equals(whole)).toBe(true)

      // A stale If-Range gets the whole archive; a range past the end gets 416.
      const stale = await fetch(sent.zipUrl, { headers: { range: `bytes=${cut}-`, 'if-range': '"zip-old"' } })
      expect(stale.status).toBe(200)
      await stale.arrayBuffer()
      const past = await fetch(sent.zipUrl, { headers: { range: `bytes=${whole.length}-` } })
      expect(past.status).toBe(416)
      await past.arrayBuffer()
    })

    it('counts a ZIP fetched in pieces once, when its last byte is sent', async () => {
      const app = getApp()
      const sent = await sendTransfer(app, files)
      await jobs.run(app)
      const head = await fetch(sent.zipUrl, { method: 'HEAD' })
      const length = Number(head.headers.get('content-length'))
      for (const range of [`0-99`, `100-${length - 2}`]) {
        await (await fetch(sent.zipUrl, { headers: { range: `bytes=${range}` } })).arrayBuffer()
      }
      expect(await downloadCount(app, sent.id)).toBe(0)
      await (await fetch(sent.zipUrl, { headers: { range: `bytes=${length - 1}-` } })).arrayBuffer()
      await expect.poll(() => downloadCount(app, sent.id)).toBe(1)
    })

    it('resumes with curl -C - to a byte-identical archive whose checksum file sha256sum accepts', async () => {
      const app = getApp()
      const sent = await sendTransfer(app, files)
      await jobs.run(app)
      const whole = (await fetchBytes(sent.zipUrl)).bytes
      await inTempDir(async (dir) => {
        const file = path.join(dir, 'transfer.zip')
        // What a cut connection left behind: the first part of the archive.
        await fs.writeFile(file, whole.subarray(0, 2 * MiB + 5))
        await run('curl', ['--silent', '--fail', '-C', '-', '-o', file, sent.zipUrl])
        const resumed = await fs.readFile(file)
        expect(createHash('sha256').update(resumed).digest('hex')).toBe(sha256(whole))
        await run('unzip', ['-q', file, '-d', path.join(dir, 'out')])
        const { stdout } = await run('sha256sum', ['-c', 'SHA256SUMS'], { cwd: path.join(dir, 'out') })
        expect(stdout).toBe('report.pdf: OK\nphoto.jpg: OK\n')
      })
    })
  })
})
