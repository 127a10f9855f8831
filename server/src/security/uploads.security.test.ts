import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { bearer, registerAccount } from '../features/auth/testing/auth-test-kit.js'
import { openRequestLink } from '../features/request-links/testing/request-links-test-kit.js'
import { registerConfirmedSender } from '../features/sender-confirmation/testing/sender-confirmation-test-kit.js'
import { fetchBytes, postTransfer } from '../features/transfers/testing/transfers-test-kit.js'
import { as, call, ok, putTo, storeAccepts, uploadStacks } from '../features/uploads/testing/uploads-test-kit.js'
import { forEachStack } from '../testing/test-app.js'
import { GiB, MiB } from './review-kit.js'

// Replays of the security review's upload defects (shared/reports/security-review-2026-11-25.md,
// H-1 and H-2), over real HTTP, on local disk and on S3 as the review ran them, expecting the
// fixed behaviour.

const { stacks } = uploadStacks()

type Signed = { url: string; headers: Record<string, string> }
type Presigned = Signed & { file_key: string }

await forEachStack((getApp, stack) => {
  const local = stack.storage === 'local'

  describe('security review replays: uploads', () => {
    it('H-1: a signed PUT URL cannot swap, grow or resurrect a file once a transfer claimed it', async () => {
      const app = getApp()
      const { access_token: token } = await registerConfirmedSender(app)
      // The review presigned without a size; since H-2 the size is required.
      const presigned = await ok<Presigned>(
        app.api,
        'presign',
        { filename: 'a.txt', content_type: 'text/plain', file_size: 5 },
        as(token),
      )
      expect((await putTo(presigned.url, Buffer.from('tiny!'), presigned.headers)).status).toBe(200)
      const created = await postTransfer(app, token, {
        files: [{ file_key: presigned.file_key }],
        recipient_emails: ['r@example.com'],
      })
      expect(created.status, JSON.stringify(created.body)).toBe(201)

      // Grow: 200 000 bytes through the URL signed for 5.
      const big = randomBytes(200_000)
      if (!local) expect(await storeAccepts(app, presigned, big.length)).toBe(false)
      const grown = await putTo(presigned.url, big, presigned.headers)
      if (local) {
        expect(grown.status).toBe(413)
        expect(JSON.parse(grown.text)).toMatchObject({ code: 'payload_too_large' })
      }
      // Swap: 5 other bytes through the same URL (S3 may store them, but under a key the transfer no longer reads).
      const swapped = await putTo(presigned.url, Buffer.from('evil!'), presigned.headers)
      if (local) {
        expect(swapped.status).toBe(409)
        expect(JSON.parse(swapped.text)).toMatchObject({ code: 'upload_claimed' })
      }
      // Whatever the store did with the second PUT, recipients get the 5 bytes that were sent.
      const { res, bytes } = await fetchBytes(`${app.url}/share/${created.body.unique_id}/download`)
      expect(res.status).toBe(200)
      expect(bytes.toString()).toBe('tiny!')

      // Deleting the transfer deletes its bytes, and the old URL cannot bring them back.
      const deleted = await app.api(`/api/transfers/${created.body.id}`, { method: 'DELETE', headers: bearer(token) })
      expect(deleted.status).toBe(200)
      const late = await putTo(presigned.url, Buffer.from('back!'), presigned.headers)
      if (local) {
        expect(late.status).toBe(409)
        expect(JSON.parse(late.text)).toMatchObject({ code: 'upload_claimed' })
        expect(await app.deps.blobs.stat(presigned.file_key)).toBeNull()
      }
      const gone = await app.api(`/share/${created.body.unique_id}/download`)
      expect(gone.status).toBe(404)
    })

    it('H-2: uploads nobody sent are bounded: size required, pending bytes capped, bodies held to the declared size', async () => {
      const app = getApp()
      const { access_token: token } = await registerAccount(app.api)
      const presign = (body: Record<string, unknown>, headers = as(token)) => call(app.api, 'presign', body, headers)

      // "no file_size: capped at 50 GB each": the size is required now.
      const sizeless = await presign({ filename: 'x.bin' })
      expect(sizeless.status).toBe(400)
      expect(sizeless.body.code).toBe('validation_failed')

      // 100 presigns of the largest single upload: unsent uploads stop at one transfer's worth.
      const limits = (await (await app.api('/api/plans/guest/limits')).json()) as { max_transfer_size: number }
      const each = 5 * GiB
      const statuses: number[] = []
      let refusal: { status: number; body: { code?: string } } | undefined
      for (let i = 0; i < 100 && !refusal; i++) {
        const res = await presign({ filename: 'x.bin', file_size: each })
        statuses.push(res.status)
        if (res.status !== 200) refusal = res
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(Math.floor(limits.max_transfer_size / each))
      expect(refusal).toMatchObject({ status: 403, body: { code: 'upload_pending_limit' } })

      // A body longer than declared is refused by the store (S3: the length is signed into the URL).
      const other = (await registerAccount(app.api)).access_token
      const ten = (await presign({ filename: 'y.bin', file_size: 10 }, as(other))).body as unknown as Presigned
      expect(await storeAccepts(app, ten, 11)).toBe(false)
      expect(await app.deps.blobs.stat(ten.file_key)).toBeNull()
      expect(await storeAccepts(app, ten, 10)).toBe(true)

      // Multipart: a declared 10-byte file takes one 10-byte part, not 4 x 10 bytes.
      const { key, uploadId } = await ok<{ key: string; uploadId: string }>(
        app.api,
        'multipartCreate',
        { filename: 'm.bin', file_size: 10 },
        as(other),
      )
      const first = await ok<Signed>(app.api, 'multipartSignPart', { key, uploadId, partNumber: 1 }, as(other))
      expect(await storeAccepts(app, first, 11)).toBe(false)
      const second = await call(app.api, 'multipartSignPart', { key, uploadId, partNumber: 2 }, as(other))
      expect(second.status).toBe(400)
      expect(second.body.code).toBe('upload_part_out_of_range')

      // Request links: bounded by the link's max_total_bytes, not the requester's plan (10 MiB to a 100-byte link).
      const requestId = await openRequestLink(app, { max_total_bytes: 100 })
      const visitor = await presign({ filename: 'v.bin', file_size: 10 * MiB, request_id: requestId }, as())
      expect(visitor.status).toBe(413)
      expect(visitor.body.code).toBe('request_too_large')
      const fits = await presign({ filename: 'v.bin', file_size: 100, request_id: requestId }, as())
      expect(fits.status).toBe(200)
      const more = await presign({ filename: 'w.bin', file_size: 1, request_id: requestId }, as())
      expect(more.status).toBe(409)
      expect(more.body.code).toBe('request_pending_limit')
    })
  })
}, stacks)
