import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentDisposition } from '../../http/content-disposition.js'
import {
  BlobNotFoundError,
  BlobPartsMismatchError,
  type BlobStore,
  BlobUploadNotFoundError,
  BlobUploadRejectedError,
  type UploadedPart,
} from './blob-store.js'
import {
  type BlobHarness,
  type LocalBlobHarness,
  MiB,
  put,
  randomBody,
  readAll,
  sha256,
  startLocalHarness,
  startS3Harness,
} from './blob-test-harness.js'

const drivers = [
  { name: 'local-disk', s3rver: false, start: startLocalHarness },
  { name: 's3 (s3rver)', s3rver: true, start: startS3Harness },
] as const

const sign = { expiresInSeconds: 600, maxBytes: 64 * MiB }

/** Uploads `body` as one object through a signed URL; returns the response's ETag. */
async function upload(store: BlobStore, key: string, body: Buffer, contentType?: string): Promise<string> {
  const signed = await store.signUpload(key, { ...sign, contentType })
  const response = await put(signed, body)
  expect(response.status).toBe(200)
  const etag = response.headers.get('etag')
  expect(etag).toBeTruthy()
  return etag!
}

/** Starts a multipart upload and PUTs each body as the next part; returns the parts. */
async function uploadParts(store: BlobStore, key: string, bodies: Buffer[]) {
  const { uploadId } = await store.createMultipart(key, { contentType: 'application/zip' })
  const parts: UploadedPart[] = []
  for (const [index, body] of bodies.entries()) {
    const signed = await store.signPart(key, uploadId, index + 1, sign)
    const response = await put(signed, body)
    expect(response.status).toBe(200)
    parts.push({ partNumber: index + 1, etag: response.headers.get('etag')! })
  }
  return { uploadId, parts }
}

describe.each(drivers)('BlobStore contract: $name', ({ s3rver, start }) => {
  let harness: BlobHarness
  let store: BlobStore
  const key = (name = 'file.bin') => `test/${randomUUID()}/${name}`

  beforeAll(async () => {
    harness = await start()
    store = harness.store
  })
  afterAll(() => harness?.close())

  it('passes check()', async () => {
    await expect(store.check()).resolves.toBeUndefined()
  })

  it('stores a signed single upload byte for byte, with its size and content type', async () => {
    const k = key()
    const body = randomBody(3 * MiB + 123)
    const etag = await upload(store, k, body, 'image/png')

    expect(await store.stat(k)).toEqual({ size: body.length, contentType: 'image/png', etag })
    expect(sha256(await readAll(await store.read(k)))).toBe(sha256(body))
  })

  it('stores an empty object', async () => {
    const k = key()
    await upload(store, k, Buffer.alloc(0))
    expect((await store.stat(k))?.size).toBe(0)
    expect((await readAll(await store.read(k))).length).toBe(0)
  })

  it('writes a body Ferry receives itself, in bounded pieces, byte for byte (one piece, several, none)', async () => {
    for (const size of [0, 1234, 8 * MiB, 17 * MiB + 5]) {
      const k = key()
      const body = randomBody(size)
      // Delivered in odd-sized chunks, as a socket would.
      const stream = Readable.from(
        (function* () {
          for (let at = 0; at < body.length; at += 700_001) yield body.subarray(at, at + 700_001)
        })(),
      )
      expect(await store.write(k, stream, { maxBytes: size, contentType: 'application/x-iso9660-image' })).toEqual({
        size,
      })
      expect((await store.stat(k))?.size).toBe(size)
      expect(sha256(await readAll(await store.read(k)))).toBe(sha256(body))
    }
  })

  it('stops writing a body past its maximum with a 413 and keeps nothing', async () => {
    const k = key()
    const error = await store
      .write(k, Readable.from([randomBody(6 * MiB), randomBody(6 * MiB)]), { maxBytes: 10 * MiB })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BlobUploadRejectedError)
    expect((error as BlobUploadRejectedError).status).toBe(413)
    expect(await store.stat(k)).toBeNull()
    const big = await store
      .write(k, Readable.from([randomBody(20 * MiB)]), { maxBytes: 9 * MiB })
      .catch((e: unknown) => e)
    expect((big as BlobUploadRejectedError).status).toBe(413)
    expect(await store.stat(k)).toBeNull()
  })

  it('reads ranges: the first bytes, the middle, the last bytes, and clamps an end past the object', async () => {
    const k = key()
    const body = randomBody(2 * MiB + 17)
    await upload(store, k, body)
    const range = async (start: number, end: number) => readAll(await store.read(k, { start, end }))

    expect(await range(0, 9)).toEqual(body.subarray(0, 10))
    expect(sha256(await range(MiB - 5, MiB + 1000))).toBe(sha256(body.subarray(MiB - 5, MiB + 1001)))
    expect(await range(body.length - 100, body.length - 1)).toEqual(body.subarray(body.length - 100))
    expect(await range(body.length - 3, body.length + 50)).toEqual(body.subarray(body.length - 3))
  })

  it('assembles a multipart upload (3 × 5 MiB and a short last part) intact', async () => {
    const k = key()
    const bodies = [randomBody(5 * MiB), randomBody(5 * MiB), randomBody(5 * MiB), randomBody(MiB + 7)]
    const whole = Buffer.concat(bodies)
    const { uploadId, parts } = await uploadParts(store, k, bodies)

    await store.completeMultipart(k, uploadId, parts)

    expect(await store.stat(k)).toMatchObject({ size: whole.length, contentType: 'application/zip' })
    expect(sha256(await readAll(await store.read(k)))).toBe(sha256(whole))
    // A range across the boundary of parts 1 and 2, and one inside the last part.
    const across = await readAll(await store.read(k, { start: 5 * MiB - 10, end: 5 * MiB + 9 }))
    expect(across).toEqual(whole.subarray(5 * MiB - 10, 5 * MiB + 10))
    const tail = await readAll(await store.read(k, { start: whole.length - 5, end: whole.length - 1 }))
    expect(tail).toEqual(whole.subarray(whole.length - 5))
  })

  // s3rver has no ListParts.
  it.skipIf(s3rver)('lists the parts uploaded so far, so an interrupted upload can resume', async () => {
    const k = key()
    const bodies = [randomBody(5 * MiB), randomBody(123)]
    const { uploadId, parts } = await uploadParts(store, k, bodies)

    const listed = await store.listParts(k, uploadId)
    expect(listed).toEqual([
      { partNumber: 1, etag: parts[0]!.etag, size: 5 * MiB },
      { partNumber: 2, etag: parts[1]!.etag, size: 123 },
    ])
    // Resuming: the client completes with the list it got back.
    await store.completeMultipart(k, uploadId, listed)
    expect(sha256(await readAll(await store.read(k)))).toBe(sha256(Buffer.concat(bodies)))
  })

  // s3rver has no AbortMultipartUpload.
  it.skipIf(s3rver)('aborts an upload: its parts are gone and it cannot be completed', async () => {
    const k = key()
    const { uploadId, parts } = await uploadParts(store, k, [randomBody(1000)])

    await store.abortMultipart(k, uploadId)

    await expect(store.listParts(k, uploadId)).rejects.toBeInstanceOf(BlobUploadNotFoundError)
    await expect(store.completeMultipart(k, uploadId, parts)).rejects.toBeInstanceOf(BlobUploadNotFoundError)
    expect(await store.stat(k)).toBeNull()
  })

  it('rejects a part list out of order or empty', async () => {
    const k = key()
    const { uploadId, parts } = await uploadParts(store, k, [randomBody(5 * MiB), randomBody(10)])

    await expect(store.completeMultipart(k, uploadId, [parts[1]!, parts[0]!])).rejects.toBeInstanceOf(
      BlobPartsMismatchError,
    )
    await expect(store.completeMultipart(k, uploadId, [])).rejects.toBeInstanceOf(BlobPartsMismatchError)
    expect(await store.stat(k)).toBeNull()
  })

  it('deletes an object, and deleting again (or a missing key) succeeds', async () => {
    const k = key()
    await upload(store, k, randomBody(1000))

    await store.delete(k)

    expect(await store.stat(k)).toBeNull()
    await expect(store.read(k)).rejects.toBeInstanceOf(BlobNotFoundError)
    await expect(store.delete(k)).resolves.toBeUndefined()
    await expect(store.delete(key())).resolves.toBeUndefined()
  })

  it('answers a missing key: stat gives null, read rejects with BlobNotFoundError', async () => {
    const k = key()
    expect(await store.stat(k)).toBeNull()
    await expect(store.read(k)).rejects.toBeInstanceOf(BlobNotFoundError)
    await expect(store.read(k, { start: 0, end: 9 })).rejects.toBeInstanceOf(BlobNotFoundError)
  })

  it('replaces an object uploaded again under the same key', async () => {
    const k = key()
    await upload(store, k, randomBody(5000))
    const second = randomBody(700)
    await upload(store, k, second)
    expect(await readAll(await store.read(k))).toEqual(second)
  })

  it('copies an object (and a multipart one) to a new key that later writes to the source do not touch', async () => {
    const single = key()
    const first = randomBody(3000)
    await upload(store, single, first, 'text/plain')
    const copy = key()
    await store.copy(single, copy)
    await upload(store, single, randomBody(10))
    expect(await readAll(await store.read(copy))).toEqual(first)
    expect(await store.stat(copy)).toMatchObject({ size: 3000, contentType: 'text/plain' })
    await store.delete(single)
    expect(await readAll(await store.read(copy))).toEqual(first)

    const big = key()
    const bodies = [randomBody(5 * MiB), randomBody(77)]
    const { uploadId, parts } = await uploadParts(store, big, bodies)
    await store.completeMultipart(big, uploadId, parts)
    const bigCopy = key()
    await store.copy(big, bigCopy)
    expect(sha256(await readAll(await store.read(bigCopy)))).toBe(sha256(Buffer.concat(bodies)))
    await expect(store.copy(key(), key())).rejects.toBeInstanceOf(BlobNotFoundError)
  })

  it('never lets a part URL of a completed upload replace the object', async () => {
    const k = key()
    const { uploadId, parts } = await uploadParts(store, k, [randomBody(100)])
    const late = await store.signPart(k, uploadId, 1, sign)
    await store.completeMultipart(k, uploadId, parts)
    const status = (await put(late, randomBody(5000))).status
    // S3 answers 404 NoSuchUpload (the upload id died with the completion); s3rver stores the
    // part somewhere of its own and answers 200, but the object stays as completed there too.
    if (!s3rver) expect(status).toBe(404)
    expect((await store.stat(k))?.size).toBe(100)
  })

  it('signs a download URL with the file name (S3), or gives null (local disk)', async () => {
    const k = key()
    const body = randomBody(300_000)
    await upload(store, k, body, 'text/plain')
    const fileName = 'Résumé (final).txt'

    const url = await store.signDownload(k, { expiresInSeconds: 60, fileName })

    if (store.kind === 'local') {
      expect(url).toBeNull()
      return
    }
    expect(url).toEqual(expect.any(String))
    const response = await fetch(url!)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toBe(contentDisposition(fileName))
    expect(sha256(Buffer.from(await response.arrayBuffer()))).toBe(sha256(body))
  })
})

// What s3rver cannot check (signatures, ETags and sizes on complete, abort), on the local driver.
describe('BlobStore local disk: signatures and part checks', () => {
  let harness: LocalBlobHarness
  let store: LocalBlobHarness['store']
  const key = () => `test/${randomUUID()}/file.bin`

  beforeAll(async () => {
    harness = await startLocalHarness()
    store = harness.store
  })
  afterAll(() => harness?.close())

  const withParam = (url: string, name: string, value: string) => {
    const u = new URL(url)
    u.searchParams.set(name, value)
    return u.toString()
  }

  async function expectRefused(response: Response, status: number, code: string) {
    expect(response.status).toBe(status)
    expect(await response.json()).toEqual({ code, detail: expect.any(String) })
  }

  it('refuses an expired URL with 403 and keeps nothing', async () => {
    const k = key()
    const signed = await store.signUpload(k, { ...sign, expiresInSeconds: 60 })
    harness.advance(61)
    try {
      await expectRefused(await put(signed, randomBody(100)), 403, 'upload_url_expired')
    } finally {
      harness.advance(-61)
    }
    expect(await store.stat(k)).toBeNull()
  })

  it('refuses a tampered signature, size limit or expiry with 403', async () => {
    const signed = await store.signUpload(key(), { ...sign, maxBytes: 1000 })
    const sig = new URL(signed.url).searchParams.get('sig')!
    const flipped = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`
    const expires = Number(new URL(signed.url).searchParams.get('exp'))
    for (const url of [
      withParam(signed.url, 'sig', flipped),
      withParam(signed.url, 'sig', ''),
      withParam(signed.url, 'max', '1000000'),
      withParam(signed.url, 'exp', String(expires + 3600)),
      withParam(signed.url, 'ct', 'text/html'),
    ]) {
      await expectRefused(await put({ url, headers: {} }, randomBody(100)), 403, 'upload_url_invalid')
    }
  })

  it("refuses another key's signature, and a part URL used for another part or upload", async () => {
    const mine = key()
    const other = key()
    const signed = await store.signUpload(mine, sign)
    const url = signed.url.replace(mine, other)
    await expectRefused(await put({ url, headers: {} }, randomBody(100)), 403, 'upload_url_invalid')
    expect(await store.stat(other)).toBeNull()

    const { uploadId } = await store.createMultipart(mine, {})
    const { uploadId: otherUpload } = await store.createMultipart(mine, {})
    const part = await store.signPart(mine, uploadId, 1, sign)
    await expectRefused(
      await put({ url: withParam(part.url, 'partNumber', '2'), headers: {} }, 'x'),
      403,
      'upload_url_invalid',
    )
    await expectRefused(
      await put({ url: withParam(part.url, 'uploadId', otherUpload), headers: {} }, 'x'),
      403,
      'upload_url_invalid',
    )
    // A single-upload URL does not open a part, nor the reverse.
    const u = new URL(part.url)
    u.searchParams.delete('uploadId')
    u.searchParams.delete('partNumber')
    await expectRefused(await put({ url: u.toString(), headers: {} }, 'x'), 403, 'upload_url_invalid')
    expect(await store.listParts(mine, uploadId)).toEqual([])
    await store.abortMultipart(mine, uploadId)
    await store.abortMultipart(mine, otherUpload)
  })

  it('refuses a body over the signed maximum with 413 (by Content-Length) and keeps nothing', async () => {
    const k = key()
    const signed = await store.signUpload(k, { ...sign, maxBytes: 1000 })
    await expectRefused(await put(signed, randomBody(1001)), 413, 'payload_too_large')
    expect(await store.stat(k)).toBeNull()
    expect(await harness.leftovers()).toEqual({ tmp: [], uploads: [] })
  })

  it('cuts off a streamed body that overruns the signed maximum with 413 and keeps nothing', async () => {
    const k = key()
    const signed = await store.signUpload(k, { ...sign, maxBytes: 2 * MiB })
    // No Content-Length: the body arrives chunked and only its bytes can tell.
    const chunks = [randomBody(MiB), randomBody(MiB), randomBody(MiB)]
    const body = new ReadableStream({
      pull(controller) {
        const chunk = chunks.shift()
        if (chunk) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const response = await fetch(signed.url, { method: 'PUT', body, duplex: 'half' } as RequestInit)
    await expectRefused(response, 413, 'payload_too_large')
    expect(await store.stat(k)).toBeNull()
    expect(await harness.leftovers()).toEqual({ tmp: [], uploads: [] })
  })

  it('accepts a body of exactly the signed maximum', async () => {
    const k = key()
    const body = randomBody(4096)
    await put(await store.signUpload(k, { ...sign, maxBytes: 4096 }), body)
    expect(await readAll(await store.read(k))).toEqual(body)
  })

  it('rejects a complete with a wrong or missing ETag or a missing part, and the upload stays usable', async () => {
    const k = key()
    const bodies = [randomBody(5 * MiB), randomBody(100)]
    const { uploadId, parts } = await uploadParts(store, k, bodies)
    const [first, second] = parts as [UploadedPart, UploadedPart]

    for (const wrong of [
      [first, { ...second, etag: '"0123456789abcdef0123456789abcdef"' }],
      [first, { ...second, etag: '' }],
      [first, second, { partNumber: 3, etag: second.etag }],
      [{ partNumber: 2, etag: first.etag }],
    ]) {
      await expect(store.completeMultipart(k, uploadId, wrong)).rejects.toBeInstanceOf(BlobPartsMismatchError)
      expect(await store.stat(k)).toBeNull()
    }
    // ETags compare without quotes, as on S3.
    await store.completeMultipart(k, uploadId, [first, { ...second, etag: second.etag.replaceAll('"', '') }])
    expect(sha256(await readAll(await store.read(k)))).toBe(sha256(Buffer.concat(bodies)))
    expect(await harness.leftovers()).toEqual({ tmp: [], uploads: [] })
  })

  it('rejects a non-last part under 5 MiB', async () => {
    const k = key()
    const { uploadId, parts } = await uploadParts(store, k, [randomBody(5 * MiB - 1), randomBody(10)])
    await expect(store.completeMultipart(k, uploadId, parts)).rejects.toThrow(/needs at least 5242880/)
    await expect(store.completeMultipart(k, uploadId, parts)).rejects.toBeInstanceOf(BlobPartsMismatchError)
    // The same short part alone is a valid (last) part.
    await store.completeMultipart(k, uploadId, [parts[0]!])
    expect((await store.stat(k))?.size).toBe(5 * MiB - 1)
  })

  it('keeps only the listed parts, and a part uploaded again replaces the first with a new ETag', async () => {
    const k = key()
    const { uploadId, parts } = await uploadParts(store, k, [randomBody(5 * MiB), randomBody(5 * MiB), randomBody(9)])
    const again = randomBody(5 * MiB)
    const response = await put(await store.signPart(k, uploadId, 2, sign), again)
    const etag = response.headers.get('etag')!
    expect(etag).not.toBe(parts[1]!.etag)
    await expect(store.completeMultipart(k, uploadId, parts)).rejects.toBeInstanceOf(BlobPartsMismatchError)

    await store.completeMultipart(k, uploadId, [parts[0]!, { partNumber: 2, etag }])

    expect((await store.stat(k))?.size).toBe(10 * MiB)
    const bytes = await readAll(await store.read(k, { start: 5 * MiB, end: 10 * MiB - 1 }))
    expect(sha256(bytes)).toBe(sha256(again))
  })

  it('makes abort or complete of a finished upload a clear error, and refuses its part URLs with 404', async () => {
    const k = key()
    const { uploadId, parts } = await uploadParts(store, k, [randomBody(10)])
    await store.completeMultipart(k, uploadId, parts)

    await expect(store.abortMultipart(k, uploadId)).rejects.toBeInstanceOf(BlobUploadNotFoundError)
    await expect(store.abortMultipart(k, uploadId)).rejects.toThrow(/not in progress/)
    await expect(store.completeMultipart(k, uploadId, parts)).rejects.toBeInstanceOf(BlobUploadNotFoundError)
    const late = await put(await store.signPart(k, uploadId, 2, sign), randomBody(10))
    await expectRefused(late, 404, 'upload_not_found')
    expect((await store.stat(k))?.size).toBe(10)
  })

  it('refuses a part of an upload whose folder went away after its first parts, and keeps nothing', async () => {
    // Parts after the first skip reading upload.json (the key is kept in memory); the part's
    // final move into the upload's folder is what still refuses it.
    const k = key()
    const { uploadId } = await uploadParts(store, k, [randomBody(5 * MiB)])
    await rm(path.join(harness.dir, 'uploads', uploadId), { recursive: true })
    const late = await put(await store.signPart(k, uploadId, 2, sign), randomBody(10))
    await expectRefused(late, 404, 'upload_not_found')
    expect(await harness.leftovers()).toEqual({ tmp: [], uploads: [] })
  })

  it("does not let one key's upload id serve another key", async () => {
    const k = key()
    const { uploadId } = await store.createMultipart(k, {})
    await expect(store.listParts(key(), uploadId)).rejects.toBeInstanceOf(BlobUploadNotFoundError)
    await expect(store.abortMultipart(key(), uploadId)).rejects.toBeInstanceOf(BlobUploadNotFoundError)
    await expect(store.listParts(k, 'not-an-id')).rejects.toBeInstanceOf(BlobUploadNotFoundError)
    await store.abortMultipart(k, uploadId)
  })

  it('refuses keys that could leave its folder', async () => {
    for (const bad of ['../etc/passwd', '/abs', 'a/../b', 'a//b', '.hidden', 'a/./b', 'a\\b', 'a~', 'a b', '']) {
      await expect(store.signUpload(bad, sign), bad).rejects.toThrow(/Invalid blob key/)
      await expect(store.stat(bad), bad).rejects.toThrow(/Invalid blob key/)
      await expect(store.read(bad), bad).rejects.toThrow(/Invalid blob key/)
      await expect(store.delete(bad), bad).rejects.toThrow(/Invalid blob key/)
    }
  })

  it('rejects a range that starts past the object', async () => {
    const k = key()
    await upload(store, k, randomBody(10))
    await expect(store.read(k, { start: 10, end: 20 })).rejects.toBeInstanceOf(RangeError)
  })
})
