import { describe, expect, it } from 'vitest'
import { forEachStack } from '../../testing/test-app.js'
import type { createPlansService } from '../plans/plans.service.js'
import { openRequestLink } from '../request-links/testing/request-links-test-kit.js'
import { postTransfer, signUp } from '../transfers/testing/transfers-test-kit.js'
import { as, call, MiB, ok, putTo, randomBody, storeAccepts, uploadStacks } from './testing/uploads-test-kit.js'
import { createUploadsRepository } from './uploads.repository.js'

const { clock, stacks } = uploadStacks()
const hour = 3600_000
const gb = (bytes: number) => bytes / 1024 ** 3

type Signed = { url: string; headers: Record<string, string> }
type Presigned = Signed & { file_key: string }

/** H-2: every byte is bounded before it is stored. */
await forEachStack((getApp, stack) => {
  const rows = () => createUploadsRepository(getApp().deps.database.db)

  async function withPlan(id: string, patch: Parameters<ReturnType<typeof createPlansService>['update']>[1]) {
    const plans = getApp().services.plans
    const before = await plans.get(id)
    await plans.update(id, patch)
    return () =>
      plans.update(id, {
        maxTransferSizeGb: before.max_transfer_size_gb,
        maxMonthlyDataGb: before.max_monthly_data_gb,
      })
  }

  describe('bounded uploads (H-2)', () => {
    it('requires the file size to presign or start a multipart upload', async () => {
      const { api } = getApp()
      const { token } = await signUp(getApp())
      for (const path of ['presign', 'multipartCreate'] as const) {
        const res = await call(api, path, { filename: 'a.bin' }, as(token))
        expect(res.status).toBe(400)
        expect(res.body.code).toBe('validation_failed')
      }
      const huge = await call(api, 'presign', { filename: 'a.bin', file_size: 5 * 1024 ** 3 + 1 }, as(token))
      expect(huge.status).toBe(400)
    })

    it('refuses a body longer than declared: the size is bound into the URL', async () => {
      const app = getApp()
      const { token } = await signUp(app)
      const presigned = await ok<Presigned>(app.api, 'presign', { filename: 'a.bin', file_size: 10 }, as(token))
      if (stack.storage === 's3') {
        expect(new URL(presigned.url).searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-length')
      }
      expect(await storeAccepts(app, presigned, 11)).toBe(false)
      expect(await app.deps.blobs.stat(presigned.file_key)).toBeNull()
      expect(await storeAccepts(app, presigned, 10)).toBe(true)

      const { key, uploadId } = await ok<{ key: string; uploadId: string }>(
        app.api,
        'multipartCreate',
        { filename: 'big.bin', file_size: 5 * MiB + 3 },
        as(token),
      )
      const part = (n: number) => ok<Signed>(app.api, 'multipartSignPart', { key, uploadId, partNumber: n }, as(token))
      // The default part size (16 MiB) holds the whole file: part 1 is exactly the file.
      expect(await storeAccepts(app, await part(1), 5 * MiB + 4)).toBe(false)
      expect(await storeAccepts(app, await part(1), 5 * MiB + 3)).toBe(true)
    })

    it('signs each part for exactly its share, and refuses parts past the end without extending the upload', async () => {
      const app = getApp()
      const { token } = await signUp(app)
      const size = 2 * 5 * MiB + 7
      const { key, uploadId } = await ok<{ key: string; uploadId: string }>(
        app.api,
        'multipartCreate',
        { filename: 'big.bin', file_size: size, part_size: 5 * MiB },
        as(token),
      )
      const part = (n: number) => call(app.api, 'multipartSignPart', { key, uploadId, partNumber: n }, as(token))
      const third = (await part(3)).body as unknown as Signed
      expect(await storeAccepts(app, third, 8)).toBe(false)
      expect(await storeAccepts(app, third, 7)).toBe(true)
      const second = (await part(2)).body as unknown as Signed
      expect(await storeAccepts(app, second, 5 * MiB + 1)).toBe(false)

      const before = (await rows().find(key))!.expiresAt
      try {
        clock.advance(20 * hour)
        const past = await part(4)
        expect(past.status).toBe(400)
        expect(past.body.code).toBe('upload_part_out_of_range')
        expect((await rows().find(key))!.expiresAt).toEqual(before)
      } finally {
        clock.reset()
      }

      for (const body of [
        { filename: 'x', file_size: size, part_size: 1000 },
        { filename: 'x', file_size: 10_001 * 5 * MiB, part_size: 5 * MiB },
      ]) {
        expect((await call(app.api, 'multipartCreate', body, as(token))).status).toBe(400)
      }
    })

    it("counts unsent uploads against one transfer's worth and the month's remainder", async () => {
      const app = getApp()
      const restore = await withPlan('pro', { maxTransferSizeGb: gb(3000), maxMonthlyDataGb: gb(5000) })
      try {
        const pro = await signUp(app, 'PREMIUM')
        const presign = (size: number) =>
          call(app.api, 'presign', { filename: 'a.bin', file_size: size }, as(pro.token))
        const a = (await presign(2000)).body as unknown as Presigned
        const b = await ok<{ key: string; uploadId: string }>(
          app.api,
          'multipartCreate',
          { filename: 'b.bin', file_size: 1000 },
          as(pro.token),
        )
        const over = await presign(1)
        expect(over.status).toBe(403)
        expect(over.body).toMatchObject({ code: 'upload_pending_limit' })

        // Sending them frees the allowance, and the month now counts them.
        expect((await putTo(a.url, randomBody(2000), a.headers)).status).toBe(200)
        const signed = await ok<Signed>(app.api, 'multipartSignPart', { ...b, partNumber: 1 }, as(pro.token))
        const put = await putTo(signed.url, randomBody(1000), signed.headers)
        await ok(app.api, 'multipartComplete', { ...b, parts: [{ PartNumber: 1, ETag: put.etag }] }, as(pro.token))
        const sent = await postTransfer(app, pro.token, {
          files: [{ file_key: a.file_key }, { file_key: b.key }],
          recipient_emails: ['r@example.com'],
        })
        expect(sent.status).toBe(201)
        const monthly = await presign(2001)
        expect(monthly.status).toBe(403)
        expect(monthly.body.code).toBe('transfer_monthly_data')
        expect((await presign(2000)).status).toBe(200)
      } finally {
        await restore()
      }
    })

    it('admits exactly what fits when starts race (one allowance, many requests)', async () => {
      const app = getApp()
      const restore = await withPlan('pro', { maxTransferSizeGb: gb(3000), maxMonthlyDataGb: null })
      try {
        const pro = await signUp(app, 'PREMIUM')
        const results = await Promise.all(
          Array.from({ length: 6 }, () =>
            call(app.api, 'presign', { filename: 'a.bin', file_size: 1000 }, as(pro.token)),
          ),
        )
        expect(results.filter((r) => r.status === 200)).toHaveLength(3)
        expect(results.filter((r) => r.status === 403)).toHaveLength(3)
      } finally {
        await restore()
      }
    })

    it("bounds a request link's uploads by what it still accepts, received and pending together", async () => {
      const app = getApp()
      const requestId = await openRequestLink(app, { max_total_bytes: 100 })
      const visitor = as()
      const presign = (size: number) =>
        call(app.api, 'presign', { filename: 'a.bin', file_size: size, request_id: requestId }, visitor)
      expect((await presign(101)).body.code).toBe('request_too_large')
      const first = (await presign(60)).body as unknown as Presigned
      const pending = await presign(50)
      expect(pending.status).toBe(409)
      expect(pending.body.code).toBe('request_pending_limit')

      expect((await putTo(first.url, randomBody(60), first.headers)).status).toBe(200)
      const uploaded = await app.api(`/api/file-request/${requestId}/upload`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ files: [{ file_key: first.file_key }] }),
      })
      expect(uploaded.status).toBe(201)
      expect((await presign(41)).status).toBe(413)
      expect((await presign(40)).status).toBe(200)
    })
  })
}, stacks)
