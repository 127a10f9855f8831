import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BlobStorageFullError, BlobUploadRejectedError } from '../adapters/blob-store/blob-store.js'
import {
  createTestGate,
  type LocalBlobHarness,
  MiB,
  put,
  randomBody,
  readAll,
  sha256,
  startLocalHarness,
} from '../adapters/blob-store/blob-test-harness.js'
import { blobUploadRoutes } from './blob-upload.routes.js'

const sign = { expiresInSeconds: 600, maxBytes: 64 * MiB }
const key = () => `test/${randomUUID()}/file.bin`

/**
 * Starts a PUT, sends `bytes`, and once the store is writing them (its temporary file exists)
 * drops the connection as a closed browser tab would.
 */
async function abandonUpload(harness: LocalBlobHarness, url: string, bytes: Buffer, declaredLength: number) {
  const request = http.request(url, { method: 'PUT', headers: { 'Content-Length': declaredLength } })
  const ended = new Promise<void>((resolve) => {
    request.on('error', () => resolve())
    request.on('close', () => resolve())
  })
  request.write(bytes)
  await vi.waitFor(async () => expect((await harness.leftovers()).tmp).not.toEqual([]), { timeout: 10_000 })
  request.destroy()
  await ended
}

/**
 * PUTs 2 MiB to `url` in two halves and runs `meanwhile` between them, once the store is writing
 * the body (its temporary file exists); the status answered.
 */
async function putWhile(harness: LocalBlobHarness, url: string, meanwhile: () => Promise<unknown>) {
  const bytes = randomBody(2 * MiB)
  const request = http.request(url, { method: 'PUT', headers: { 'Content-Length': bytes.length } })
  const status = new Promise<number | undefined>((resolve, reject) => {
    request.on('response', (r) => {
      r.resume()
      resolve(r.statusCode)
    })
    request.on('error', reject)
  })
  request.write(bytes.subarray(0, MiB))
  await vi.waitFor(async () => expect((await harness.leftovers()).tmp).not.toEqual([]), { timeout: 10_000 })
  await meanwhile()
  request.end(bytes.subarray(MiB))
  return status
}

/** A PUT with only Content-Length, no Content-Type (fetch would add one for a string body). */
function rawPut(url: string, bytes: Buffer): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'PUT', headers: { 'Content-Length': bytes.length } }, (response) => {
      response.resume()
      resolve(response.statusCode)
    })
    request.on('error', reject)
    request.end(bytes)
  })
}

describe('PUT /blobs/* (local disk)', () => {
  let harness: LocalBlobHarness

  beforeAll(async () => {
    harness = await startLocalHarness()
  })
  afterAll(() => harness?.close())

  it('answers 200 with the ETag, exposed to scripts of other origins', async () => {
    const response = await put(await harness.store.signUpload(key(), sign), randomBody(10))
    expect(response.status).toBe(200)
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)
    expect(response.headers.get('access-control-expose-headers')).toBe('ETag')
  })

  it('stores any content type raw, unparsed, beyond the app body limit, and without a Content-Type', async () => {
    const json = key()
    const body = Buffer.from(JSON.stringify({ big: 'x'.repeat(2 * MiB) }))
    const signed = await harness.store.signUpload(json, { ...sign, contentType: 'application/json' })
    expect((await put(signed, body)).status).toBe(200)
    expect(sha256(await readAll(await harness.store.read(json)))).toBe(sha256(body))
    expect((await harness.store.stat(json))?.contentType).toBe('application/json')

    const bare = key()
    const bytes = randomBody(1000)
    const status = await rawPut((await harness.store.signUpload(bare, sign)).url, bytes)
    expect(status).toBe(200)
    expect(await readAll(await harness.store.read(bare))).toEqual(bytes)
  })

  it('refuses the body of a claimed (409) or deleted (404) upload before storing a byte', async () => {
    const claimed = key()
    const signed = await harness.store.signUpload(claimed, sign)
    expect((await put(signed, 'first')).status).toBe(200)
    harness.setVerdict(claimed, 'claimed')
    const again = await put(signed, 'swapped')
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ code: 'upload_claimed' })
    expect((await readAll(await harness.store.read(claimed))).toString()).toBe('first')

    const gone = key()
    const goneUrl = await harness.store.signUpload(gone, sign)
    harness.setVerdict(gone, 'gone')
    const late = await put(goneUrl, 'resurrected')
    expect(late.status).toBe(404)
    expect(await late.json()).toMatchObject({ code: 'upload_not_found' })
    expect(await harness.store.stat(gone)).toBeNull()

    const k = key()
    const { uploadId } = await harness.store.createMultipart(k, {})
    const part = await harness.store.signPart(k, uploadId, 1, sign)
    harness.setVerdict(k, 'claimed')
    expect((await put(part, 'part')).status).toBe(409)
    expect(await harness.store.listParts(k, uploadId)).toEqual([])
    expect((await harness.leftovers()).tmp).toEqual([])
  })

  it('keeps the claimed object when the claim happens while a body is arriving', async () => {
    const k = key()
    const signed = await harness.store.signUpload(k, sign)
    expect((await put(signed, 'claimed bytes')).status).toBe(200)
    // Starts a PUT (open at its start), then claims the key before the body ends.
    const status = await putWhile(harness, signed.url, async () => harness.setVerdict(k, 'claimed'))
    expect(status).toBe(409)
    expect((await readAll(await harness.store.read(k))).toString()).toBe('claimed bytes')
    await vi.waitFor(async () => expect((await harness.leftovers()).tmp).toEqual([]))
  })

  it('refuses a part whose upload completes while its body is arriving; the object stays as completed', async () => {
    const k = key()
    const { uploadId } = await harness.store.createMultipart(k, {})
    const first = await put(await harness.store.signPart(k, uploadId, 1, sign), 'the only part')
    const late = await harness.store.signPart(k, uploadId, 2, sign)
    const status = await putWhile(harness, late.url, () =>
      harness.store.completeMultipart(k, uploadId, [{ partNumber: 1, etag: first.headers.get('etag')! }]),
    )
    expect(status).toBe(404)
    expect((await readAll(await harness.store.read(k))).toString()).toBe('the only part')
    await vi.waitFor(async () => expect((await harness.leftovers()).tmp).toEqual([]))
  })

  it('keeps nothing of a whole upload the client abandons', async () => {
    const k = key()
    const { url } = await harness.store.signUpload(k, sign)
    await abandonUpload(harness, url, randomBody(3 * MiB), 8 * MiB)
    await vi.waitFor(async () => expect((await harness.leftovers()).tmp).toEqual([]))
    expect(await harness.store.stat(k)).toBeNull()
  })

  it('keeps nothing of a part the client abandons, and the upload goes on', async () => {
    const k = key()
    const { uploadId } = await harness.store.createMultipart(k, {})
    const { url } = await harness.store.signPart(k, uploadId, 1, sign)
    await abandonUpload(harness, url, randomBody(2 * MiB), 6 * MiB)
    await vi.waitFor(async () => expect((await harness.leftovers()).tmp).toEqual([]))
    expect(await harness.store.listParts(k, uploadId)).toEqual([])
    await harness.store.abortMultipart(k, uploadId)
  })
})

describe('blobUploadRoutes plugin', () => {
  it('answers a refused body at once, then cuts a client that keeps the body coming', async () => {
    const app = Fastify()
    const refuse = async () => {
      throw new BlobUploadRejectedError(403, 'upload_url_invalid', 'This upload URL is not valid.')
    }
    await app.register(blobUploadRoutes({ receiveUpload: refuse }, createTestGate(), { lingerMs: 200 }))
    const origin = await app.listen({ host: '127.0.0.1', port: 0 })
    try {
      const started = performance.now()
      const { status, closedAfterMs } = await new Promise<{ status?: number; closedAfterMs: number }>((resolve) => {
        let status: number | undefined
        // Announces 1 GiB, sends 1 MiB, then goes quiet without ending.
        const request = http.request(`${origin}/blobs/a/b`, {
          method: 'PUT',
          headers: { 'Content-Length': 1024 * MiB },
        })
        request.on('response', (response) => {
          status = response.statusCode
          response.resume()
        })
        request.on('error', () => {})
        request.on('close', () => resolve({ status, closedAfterMs: performance.now() - started }))
        request.write(randomBody(MiB))
      })
      expect(status).toBe(403)
      expect(closedAfterMs).toBeGreaterThanOrEqual(150)
      expect(closedAfterMs).toBeLessThan(3000)
    } finally {
      await app.close()
    }
  })

  it('keeps its raw-body parser to itself: other routes still parse JSON and keep their body limit', async () => {
    const app = Fastify({ bodyLimit: 100 })
    app.post('/echo', async (request) => request.body)
    await app.register(blobUploadRoutes({ receiveUpload: async () => ({ etag: '"e"' }) }, createTestGate()))
    const echoed = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } })
    expect(echoed.json()).toEqual({ a: 1 })
    const tooBig = await app.inject({ method: 'POST', url: '/echo', payload: { a: 'x'.repeat(200) } })
    expect(tooBig.statusCode).toBe(413)
    await app.close()
  })

  it('answers 507 {detail, code: storage_full} when the store is full', async () => {
    const app = Fastify()
    await app.register(
      blobUploadRoutes(
        {
          receiveUpload: async ({ body }) => {
            for await (const _ of body);
            throw new BlobStorageFullError()
          },
        },
        createTestGate(),
      ),
    )
    const response = await app.inject({ method: 'PUT', url: '/blobs/a/b?sig=x', payload: 'hello' })
    expect(response.statusCode).toBe(507)
    expect(response.json()).toEqual({ code: 'storage_full', detail: expect.stringMatching(/storage is full/i) })
    await app.close()
  })
})

// A real full disk: a 4 MiB tmpfs. Mounting needs root (CAP_SYS_ADMIN); elsewhere this is skipped.
// Probed (mounted and unmounted) here; mounted for real in beforeAll, so a filtered run leaves no mount.
const tmpfs = await mkdtemp(path.join(os.tmpdir(), 'ferry-full-'))
const mountTmpfs = () => execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', tmpfs], { stdio: 'ignore' })
const canMount = (() => {
  try {
    mountTmpfs()
    execFileSync('umount', [tmpfs])
    return true
  } catch {
    console.warn('\n  !!! SKIPPED: cannot mount a tmpfs (needs root), so the real ENOSPC test is skipped.\n')
    return false
  }
})()
afterAll(() => rm(tmpfs, { recursive: true, force: true }))

describe.skipIf(!canMount)('PUT /blobs/* on a full disk', () => {
  let harness: LocalBlobHarness

  beforeAll(async () => {
    mountTmpfs()
    harness = await startLocalHarness(tmpfs)
  })
  afterAll(async () => {
    await harness?.close()
    execFileSync('umount', [tmpfs])
  })

  it('answers 507 storage_full and keeps nothing', async () => {
    const k = key()
    const response = await put(await harness.store.signUpload(k, sign), randomBody(6 * MiB))
    expect(response.status).toBe(507)
    expect(await response.json()).toEqual({ code: 'storage_full', detail: expect.any(String) })
    expect(await harness.store.stat(k)).toBeNull()
    expect(await harness.leftovers()).toEqual({ tmp: [], uploads: [] })

    // The space is free again: a smaller upload fits.
    const small = randomBody(MiB)
    expect((await put(await harness.store.signUpload(k, sign), small)).status).toBe(200)
    expect(sha256(await readAll(await harness.store.read(k)))).toBe(sha256(small))
  })
})
