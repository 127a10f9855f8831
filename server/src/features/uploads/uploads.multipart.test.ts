import type { SignedPart } from '@ferry/contracts/api/uploads'
import { partsPerSigning } from '@ferry/contracts/domain/part-signer'
import { describe, expect, it } from 'vitest'
import { forEachStack } from '../../testing/test-app.js'
import { registerAccount } from '../auth/testing/auth-test-kit.js'
import { openRequestLink } from '../request-links/testing/request-links-test-kit.js'
import {
  as,
  call,
  MiB,
  ok,
  putTo,
  randomBody,
  readAll,
  sendPart,
  sha256,
  uploadParts,
  uploadStacks,
} from './testing/uploads-test-kit.js'
import { createUploadsRepository } from './uploads.repository.js'
import { createUploadClaims } from './uploads.service.js'

const { stacks } = uploadStacks()

await forEachStack((getApp, stack) => {
  // s3rver has no ListParts or AbortMultipartUpload and checks neither ETags nor part sizes on
  // complete (real S3 does: InvalidPart and EntityTooSmall map to the same 400); those rules are
  // tested on the local driver.
  const local = stack.storage === 'local'
  const rows = () => createUploadsRepository(getApp().deps.database.db)
  const signedIn = async () => {
    const account = await registerAccount(getApp().api)
    return { ...account, headers: as(account.access_token) }
  }

  describe('multipart upload', () => {
    it('create → parts → complete stores the file byte for byte; claimUploads sees its size', async () => {
      const { api, deps } = getApp()
      const me = await signedIn()
      const bodies = [randomBody(5 * MiB), randomBody(5 * MiB), randomBody(1234)]
      const upload = await uploadParts(api, me.headers, bodies, { file_size: 10 * MiB + 1234 })
      expect(upload.key).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f]{40}$/)

      if (local) {
        const listed = await ok<{ parts: unknown[] }>(api, 'multipartListParts', upload, me.headers)
        expect(listed.parts).toEqual(
          upload.parts.map((p, i) => ({ PartNumber: p.PartNumber, ETag: p.ETag, Size: bodies[i]!.length })),
        )
      }

      const done = await ok(api, 'multipartComplete', upload, me.headers)
      expect(done).toEqual({ location: upload.key })
      const stored = await readAll(await deps.blobs.read(upload.key))
      expect(sha256(stored)).toBe(sha256(Buffer.concat(bodies)))
      expect((await rows().find(upload.key))?.status).toBe('uploaded')

      // A retried complete (the answer was lost) answers the same.
      expect(await ok(api, 'multipartComplete', upload, me.headers)).toEqual({ location: upload.key })

      const claimed = await deps.database.db.transaction((tx) =>
        createUploadClaims(deps).claimUploads(tx, { userId: me.user.id }, [upload.key]),
      )
      expect(claimed).toEqual([
        { key: upload.key, fileName: 'big.bin', contentType: 'application/zip', size: 10 * MiB + 1234 },
      ])
    })

    it('refuses part numbers outside 1..10000 (400)', async () => {
      const { api } = getApp()
      const me = await signedIn()
      const { key, uploadId } = await uploadParts(api, me.headers, [], {
        file_size: 10_000 * 5 * MiB,
        part_size: 5 * MiB,
      })
      for (const partNumber of [0, 10_001, -1, 1.5]) {
        const res = await call(api, 'multipartSignPart', { key, uploadId, partNumber }, me.headers)
        expect(res.status, String(partNumber)).toBe(400)
        expect(res.body.code).toBe('validation_failed')
      }
      const res = await call(
        api,
        'multipartComplete',
        { key, uploadId, parts: [{ PartNumber: 0, ETag: '"x"' }] },
        me.headers,
      )
      expect(res.status).toBe(400)
      expect(
        (await ok<{ url: string }>(api, 'multipartSignPart', { key, uploadId, partNumber: 10_000 }, me.headers)).url,
      ).toBeTruthy()
    })

    it('sign-parts signs several parts in one call, each for its own share; refuses the call whole', async () => {
      const { api, deps } = getApp()
      const me = await signedIn()
      const bodies = [randomBody(5 * MiB), randomBody(5 * MiB), randomBody(777)]
      const { key, uploadId } = await uploadParts(api, me.headers, [], {
        file_size: 10 * MiB + 777,
        part_size: 5 * MiB,
      })
      const signed = await ok<{ parts: { partNumber: number; url: string; headers: Record<string, string> }[] }>(
        api,
        'multipartSignParts',
        { key, uploadId, partNumbers: [3, 1, 2] },
        me.headers,
      )
      expect(signed.parts.map((p) => p.partNumber)).toEqual([3, 1, 2])
      const parts = []
      for (const part of signed.parts) {
        const put = await putTo(part.url, bodies[part.partNumber - 1]!, part.headers)
        expect(put.status, put.text).toBe(200)
        parts.push({ PartNumber: part.partNumber, ETag: put.etag! })
      }
      parts.sort((a, b) => a.PartNumber - b.PartNumber)
      expect(await ok(api, 'multipartComplete', { key, uploadId, parts }, me.headers)).toEqual({ location: key })
      expect(sha256(await readAll(await deps.blobs.read(key)))).toBe(sha256(Buffer.concat(bodies)))

      const fresh = await uploadParts(api, me.headers, [], { file_size: 10 * MiB, part_size: 5 * MiB })
      for (const [partNumbers, status] of [
        [[1, 3], 400], // part 3 is past the end: nothing is signed
        [[1, 1], 400],
        [[], 400],
        [Array.from({ length: 101 }, (_, i) => i + 1), 400],
      ] as const) {
        const res = await call(api, 'multipartSignParts', { ...fresh, partNumbers }, me.headers)
        expect(res.status, JSON.stringify(partNumbers)).toBe(status)
        expect(res.body.detail ?? res.body.message).toBeTruthy()
      }
      const other = await signedIn()
      const foreign = await call(api, 'multipartSignParts', { ...fresh, partNumbers: [1] }, other.headers)
      expect(foreign.status).toBe(403)
    })

    it('create answers the first parts signed, each for its own share, usable with no sign call', async () => {
      const { api, deps } = getApp()
      const me = await signedIn()
      const bodies = [randomBody(5 * MiB), randomBody(999)]
      const created = await ok<{ key: string; uploadId: string; parts: SignedPart[] }>(
        api,
        'multipartCreate',
        { filename: 'two.bin', file_size: 5 * MiB + 999, part_size: 5 * MiB },
        me.headers,
      )
      expect(created.parts.map((p) => p.partNumber)).toEqual([1, 2])
      // Signed for its share: part 2's URL takes its 999 bytes, not a byte more.
      if (local)
        expect((await putTo(created.parts[1]!.url, randomBody(1000), created.parts[1]!.headers)).status).toBe(413)
      const parts = []
      for (const part of created.parts) {
        const put = await putTo(part.url, bodies[part.partNumber - 1]!, part.headers)
        expect(put.status, put.text).toBe(200)
        parts.push({ PartNumber: part.partNumber, ETag: put.etag! })
      }
      const { key, uploadId } = created
      expect(await ok(api, 'multipartComplete', { key, uploadId, parts }, me.headers)).toEqual({ location: key })
      expect(sha256(await readAll(await deps.blobs.read(key)))).toBe(sha256(Buffer.concat(bodies)))

      // A long upload gets one batch; its later parts are signed as they are needed.
      const long = await ok<{ parts: SignedPart[] }>(
        api,
        'multipartCreate',
        { filename: 'long.bin', file_size: 100 * 5 * MiB, part_size: 5 * MiB },
        me.headers,
      )
      expect(long.parts.map((p) => p.partNumber)).toEqual(Array.from({ length: partsPerSigning }, (_, i) => i + 1))
    })

    it('refuses a complete with a missing ETag or no parts (400), completing nothing', async () => {
      const { api, deps } = getApp()
      const me = await signedIn()
      const upload = await uploadParts(api, me.headers, [randomBody(1000)])
      for (const parts of [[{ PartNumber: 1 }], [{ PartNumber: 1, ETag: '' }], []]) {
        const res = await call(api, 'multipartComplete', { ...upload, parts }, me.headers)
        expect(res.status, JSON.stringify(parts)).toBe(400)
      }
      expect(await deps.blobs.stat(upload.key)).toBeNull()
      expect((await rows().find(upload.key))?.status).toBe('pending')
    })

    it.skipIf(!local)('refuses a wrong ETag or a small part that is not the last (400), storing nothing', async () => {
      const { api, deps } = getApp()
      const me = await signedIn()
      // Parts of 5 MiB declared; the local driver takes shorter bodies (S3 would not: signed lengths).
      const upload = await uploadParts(api, me.headers, [randomBody(5 * MiB), randomBody(MiB), randomBody(MiB)], {
        file_size: 15 * MiB,
        part_size: 5 * MiB,
      })
      const [one, two, three] = upload.parts as [
        (typeof upload.parts)[0],
        (typeof upload.parts)[0],
        (typeof upload.parts)[0],
      ]
      const wrongEtag = [one, { PartNumber: 2, ETag: '"0123456789abcdef0123456789abcdef"' }]
      const bad = await call(api, 'multipartComplete', { ...upload, parts: wrongEtag }, me.headers)
      expect(bad.status).toBe(400)
      expect(bad.body.code).toBe('upload_parts_mismatch')
      expect(bad.body.detail).toMatch(/Part 2 has ETag/)
      const missing = await call(
        api,
        'multipartComplete',
        { ...upload, parts: [one, { PartNumber: 4, ETag: '"x"' }] },
        me.headers,
      )
      expect(missing.status).toBe(400)
      expect(missing.body.detail).toMatch(/Part 4 was not uploaded/)

      const small = await call(api, 'multipartComplete', upload, me.headers)
      expect(small.status).toBe(400)
      expect(small.body).toEqual({
        code: 'upload_parts_mismatch',
        detail: expect.stringMatching(/Part 2 .* at least 5242880/),
      })
      expect(await deps.blobs.stat(upload.key)).toBeNull()

      // The upload is intact: a bigger second part fixes it.
      const etag = await sendPart(api, me.headers, upload, 2, randomBody(5 * MiB))
      const fixed = [one, { PartNumber: 2, ETag: etag }, three]
      expect(two.ETag).not.toBe(etag)
      expect(await ok(api, 'multipartComplete', { ...upload, parts: fixed }, me.headers)).toEqual({
        location: upload.key,
      })
      expect((await deps.blobs.stat(upload.key))?.size).toBe(11 * MiB)
    })

    // S3 refuses such a body by its signed Content-Length (uploads.bounds.test.ts checks the signature).
    it.skipIf(!local)(
      'refuses a part over its share of the declared size (413): the parts never add up to more',
      async () => {
        const { api } = getApp()
        const me = await signedIn()
        const upload = await uploadParts(api, me.headers, [randomBody(5 * MiB)], {
          file_size: 6 * MiB,
          part_size: 5 * MiB,
        })
        const signed = await ok<{ url: string; headers: Record<string, string> }>(
          api,
          'multipartSignPart',
          { ...upload, partNumber: 2 },
          me.headers,
        )
        const res = await putTo(signed.url, randomBody(2 * MiB), signed.headers)
        expect(res.status).toBe(413)
        expect(JSON.parse(res.text).code).toBe('payload_too_large')
        const listed = await ok<{ parts: unknown[] }>(api, 'multipartListParts', upload, me.headers)
        expect(listed.parts).toHaveLength(1)
      },
    )

    it('refuses to abort a finished upload (409); aborts one in progress', async () => {
      const { api, deps } = getApp()
      const me = await signedIn()
      const done = await uploadParts(api, me.headers, [randomBody(100)])
      await ok(api, 'multipartComplete', done, me.headers)
      const res = await call(api, 'multipartAbort', done, me.headers)
      expect(res).toEqual({
        status: 409,
        body: { code: 'upload_completed', detail: 'This upload is already complete.' },
      })
      expect((await deps.blobs.stat(done.key))?.size).toBe(100)
      expect((await call(api, 'multipartSignPart', { ...done, partNumber: 2 }, me.headers)).status).toBe(409)

      if (local) {
        const inProgress = await uploadParts(api, me.headers, [randomBody(100)])
        expect(await ok(api, 'multipartAbort', inProgress, me.headers)).toEqual({ aborted: true })
        expect(await rows().find(inProgress.key)).toBeUndefined()
        const again = await call(api, 'multipartSignPart', { ...inProgress, partNumber: 2 }, me.headers)
        expect(again.status).toBe(404)
        expect(await deps.blobs.stat(inProgress.key)).toBeNull()
      }
    })

    it('refuses the key of another user (403) on every step, and a wrong upload id (404)', async () => {
      const { api, deps } = getApp()
      const alice = await signedIn()
      const bob = await signedIn()
      const upload = await uploadParts(api, alice.headers, [randomBody(100)])
      const ref = { key: upload.key, uploadId: upload.uploadId }
      for (const headers of [bob.headers, as()]) {
        expect((await call(api, 'multipartSignPart', { ...ref, partNumber: 2 }, headers)).status).toBe(403)
        expect((await call(api, 'multipartListParts', ref, headers)).status).toBe(403)
        expect((await call(api, 'multipartComplete', upload, headers)).status).toBe(403)
        const abort = await call(api, 'multipartAbort', ref, headers)
        expect(abort).toEqual({ status: 403, body: { code: 'upload_forbidden', detail: expect.any(String) } })
      }
      const wrongId = await call(
        api,
        'multipartSignPart',
        { ...ref, uploadId: 'f'.repeat(32), partNumber: 1 },
        alice.headers,
      )
      expect(wrongId.status).toBe(404)
      const noKey = await call(
        api,
        'multipartSignPart',
        { ...ref, key: 'uploads/2020/01/x', partNumber: 1 },
        alice.headers,
      )
      expect(noKey.status).toBe(404)
      // Alice's upload is untouched.
      expect(await ok(api, 'multipartComplete', upload, alice.headers)).toEqual({ location: upload.key })
      expect((await deps.blobs.stat(upload.key))?.size).toBe(100)
    })

    it('serves a visitor uploading to a request link; only that link may claim it', async () => {
      const { api, deps } = getApp()
      const visitor = as()
      const requestId = await openRequestLink(getApp())
      const upload = await uploadParts(api, visitor, [randomBody(5 * MiB), randomBody(10)], { request_id: requestId })
      await ok(api, 'multipartComplete', upload, visitor)
      const me = await signedIn()
      const service = createUploadClaims(deps)
      const claim = (owner: Parameters<typeof service.claimUploads>[1]) =>
        deps.database.db.transaction((tx) => service.claimUploads(tx, owner, [upload.key]))
      await expect(claim({ userId: me.user.id })).rejects.toMatchObject({ status: 403 })
      expect(await claim({ requestId })).toEqual([expect.objectContaining({ size: 5 * MiB + 10 })])

      const refused = await call(api, 'multipartCreate', { filename: 'x.bin', file_size: 1 }, as())
      expect(refused.status).toBe(401)
    })

    it('refuses control characters in keys, upload ids and names (400)', async () => {
      const { api } = getApp()
      const me = await signedIn()
      const { key, uploadId } = await uploadParts(api, me.headers, [])
      for (const [path, body] of [
        ['multipartCreate', { filename: 'a\u001fb' }],
        ['multipartCreate', { filename: 'a', content_type: 'a/b\n' }],
        ['multipartSignPart', { key: `${key}\u0000`, uploadId, partNumber: 1 }],
        ['multipartListParts', { key, uploadId: `${uploadId}\n` }],
        ['multipartComplete', { key, uploadId, parts: [{ PartNumber: 1, ETag: '"a\u0000"' }] }],
      ] as const) {
        const res = await call(api, path, body, me.headers)
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400)
      }
    })
  })
}, stacks)
