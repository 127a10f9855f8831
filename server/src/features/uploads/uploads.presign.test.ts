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
  sha256,
  uploadStacks,
  uploadWhole,
} from './testing/uploads-test-kit.js'
import { claimedKeyOf } from './upload-keys.js'
import { createUploadsRepository } from './uploads.repository.js'
import { createUploadClaims } from './uploads.service.js'

const { clock, stacks } = uploadStacks({ env: { UPLOAD_RATE_LIMIT_PER_IP: '3' } })

await forEachStack((getApp, stack) => {
  const local = stack.storage === 'local'
  const service = () => createUploadClaims(getApp().deps)
  const claim = (owner: Parameters<ReturnType<typeof service>['claimUploads']>[1], keys: string[]) =>
    getApp().deps.database.db.transaction((tx) => service().claimUploads(tx, owner, keys))
  const rows = () => createUploadsRepository(getApp().deps.database.db)

  describe('POST /api/presign', () => {
    it('hands a signed-in user a server-made key and a URL; the PUT lands byte for byte', async () => {
      const { api, deps } = getApp()
      const { access_token, user } = await registerAccount(api)
      const body = randomBody(300_000)
      const presigned = await ok<{ url: string; file_key: string; headers: Record<string, string> }>(
        api,
        'presign',
        { filename: '../../etc/passwd report.pdf', content_type: 'application/pdf', file_size: body.length },
        as(access_token),
      )
      expect(presigned.file_key).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f]{40}$/)
      expect(presigned.headers).toEqual({ 'Content-Type': 'application/pdf' })
      expect((await putTo(presigned.url, body, presigned.headers)).status).toBe(200)
      expect(sha256(await readAll(await deps.blobs.read(presigned.file_key)))).toBe(sha256(body))

      const row = await rows().find(presigned.file_key)
      expect(row).toMatchObject({
        userId: user.id,
        requestId: null,
        fileName: '../../etc/passwd report.pdf',
        contentType: 'application/pdf',
        status: 'pending',
        uploadId: null,
      })
      // Expires after UPLOAD_PENDING_TTL_HOURS (24 by default).
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(23.9 * 3600_000)
    })

    it('lets claimUploads see the real stored size, not the declared one, and claim a key once', async () => {
      const { api } = getApp()
      const { access_token, user } = await registerAccount(api)
      const key = await uploadWhole(api, as(access_token), randomBody(12_345), { file_size: 99_999, filename: 'a.txt' })
      // The claimed object moved to a key no upload URL names (H-1).
      expect(await claim({ userId: user.id }, [key])).toEqual([
        { key: claimedKeyOf(key), fileName: 'a.txt', contentType: 'application/octet-stream', size: 12_345 },
      ])
      expect((await rows().find(key))?.claimedKey).toBe(claimedKeyOf(key))
      expect((await rows().find(key))?.status).toBe('claimed')
      await expect(claim({ userId: user.id }, [key])).rejects.toMatchObject({ status: 409, code: 'upload_claimed' })
    })

    it('refuses a declared size over the plan limit with the spec message, and records nothing', async () => {
      const { api } = getApp()
      const { access_token } = await registerAccount(api)
      const before = await rows().count()
      const res = await call(
        api,
        'multipartCreate',
        { filename: 'huge.iso', file_size: 51 * 1024 ** 3 },
        as(access_token),
      )
      expect(res.status).toBe(413)
      expect(res.body).toEqual({ code: 'upload_too_large_free', detail: 'Upgrade to PRO to send files over 50 GiB' })
      expect(await rows().count()).toBe(before)
    })

    it('refuses a visitor without a request link (401), and serves one with request_id', async () => {
      const { api } = getApp()
      const refused = await call(api, 'presign', { filename: 'a.txt', file_size: 10 }, as())
      expect(refused).toEqual({
        status: 401,
        body: { code: 'upload_login_required', detail: 'Please log in to send transfers' },
      })
      const requestId = await openRequestLink(getApp())
      const key = await uploadWhole(api, as(), randomBody(1000), { request_id: requestId })
      expect((await rows().find(key))?.userId).toBeNull()
      expect(await claim({ requestId }, [key])).toEqual([
        expect.objectContaining({ key: claimedKeyOf(key), size: 1000 }),
      ])
    })

    it('rate-limits visitors per client address (Retry-After), not signed-in users', async () => {
      const { api } = getApp()
      const visitor = as()
      const r1 = await openRequestLink(getApp())
      for (let i = 0; i < 3; i++) await ok(api, 'presign', { filename: 'a', request_id: r1, file_size: 10 }, visitor)
      const limited = await postJsonRaw(api, { filename: 'a', request_id: r1, file_size: 10 }, visitor)
      expect(limited.status).toBe(429)
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(((await limited.json()) as { code: string }).code).toBe('rate_limited')
      // Another address is counted apart; a user at the same address is not limited.
      await ok(api, 'presign', { filename: 'a', request_id: r1, file_size: 10 }, as())
      const { access_token } = await registerAccount(api)
      for (let i = 0; i < 4; i++) {
        await ok(api, 'presign', { filename: 'a', file_size: 10 }, as(access_token, visitor['x-forwarded-for']))
      }
    })

    it('refuses control characters in the file name or content type, and bad request ids (400)', async () => {
      const { api } = getApp()
      const { access_token } = await registerAccount(api)
      const before = await rows().count()
      for (const body of [
        { filename: 'a\u0000b.txt' },
        { filename: 'line\nbreak.txt' },
        { filename: 'tab\t.txt' },
        { filename: 'a.txt', content_type: 'text/plain;\r\n charset=utf-8' },
        { filename: 'a.txt', content_type: 'text/plain\u0007' },
        { filename: 'a.txt', request_id: 'x\u0000y' },
        { filename: '' },
        { filename: 'a.txt', file_size: -1 },
      ]) {
        const res = await call(api, 'presign', body, as(access_token))
        expect(res.status, JSON.stringify(body)).toBe(400)
        expect(res.body.code).toBe('validation_failed')
      }
      expect(await rows().count()).toBe(before)
    })

    it.skipIf(!local)('cuts off a body larger than declared with 413 and keeps nothing', async () => {
      const { api, deps } = getApp()
      const { access_token } = await registerAccount(api)
      const presigned = await ok<{ url: string; file_key: string }>(
        api,
        'presign',
        { filename: 'a.bin', file_size: MiB },
        as(access_token),
      )
      const put = await putTo(presigned.url, randomBody(MiB + 1))
      expect(put.status).toBe(413)
      expect(JSON.parse(put.text).code).toBe('payload_too_large')
      expect(await deps.blobs.stat(presigned.file_key)).toBeNull()
    })

    it.skipIf(!local)('refuses a PUT with a missing, tampered or expired signature, keeping nothing', async () => {
      const { api, deps } = getApp()
      const { access_token } = await registerAccount(api)
      const presigned = await ok<{ url: string; file_key: string }>(
        api,
        'presign',
        { filename: 'a', file_size: 10 },
        as(access_token),
      )
      const url = new URL(presigned.url)
      const unsigned = new URL(url)
      unsigned.searchParams.delete('sig')
      const bigger = new URL(url)
      bigger.searchParams.set('max', String(10 ** 12))
      for (const bad of [unsigned, bigger]) {
        const put = await putTo(bad.toString(), randomBody(10))
        expect(put.status).toBe(403)
        expect(JSON.parse(put.text).code).toBe('upload_url_invalid')
      }
      clock.advance(61 * 60 * 1000)
      try {
        const put = await putTo(presigned.url, randomBody(10))
        expect(put.status).toBe(403)
        expect(JSON.parse(put.text).code).toBe('upload_url_expired')
      } finally {
        clock.reset()
      }
      expect(await deps.blobs.stat(presigned.file_key)).toBeNull()
    })
  })

  describe('claimUploads', () => {
    it('claims only the caller’s uploaded keys, all or none', async () => {
      const { api } = getApp()
      const alice = await registerAccount(api)
      const bob = await registerAccount(api)
      const mine = await uploadWhole(api, as(alice.access_token), randomBody(10))
      const theirs = await uploadWhole(api, as(bob.access_token), randomBody(20))
      const req1 = await openRequestLink(getApp())
      const forRequest = await uploadWhole(api, as(alice.access_token), randomBody(30), { request_id: req1 })
      const never = await ok<{ file_key: string }>(
        api,
        'presign',
        { filename: 'never.bin', file_size: 10 },
        as(alice.access_token),
      )
      const owner = { userId: alice.user.id }

      await expect(claim(owner, [mine, theirs])).rejects.toMatchObject({ status: 403, code: 'upload_forbidden' })
      await expect(claim(owner, [forRequest])).rejects.toMatchObject({ status: 403 })
      await expect(claim({ requestId: 'req-2' }, [forRequest])).rejects.toMatchObject({ status: 403 })
      await expect(claim(owner, [mine, never.file_key])).rejects.toMatchObject({
        status: 409,
        code: 'upload_incomplete',
      })
      await expect(claim(owner, ['uploads/2020/01/nothing'])).rejects.toMatchObject({ status: 404 })
      await expect(claim(owner, [mine, mine])).rejects.toMatchObject({ status: 400 })
      // Nothing was claimed by the failures.
      expect((await rows().find(mine))?.status).toBe('pending')
      expect(await claim(owner, [mine])).toEqual([expect.objectContaining({ key: claimedKeyOf(mine), size: 10 })])
      expect(await claim({ requestId: req1 }, [forRequest])).toEqual([
        expect.objectContaining({ key: claimedKeyOf(forRequest), size: 30 }),
      ])
      expect(await claim(owner, [])).toEqual([])
    })

    it('rolls back with the caller’s transaction', async () => {
      const { api, deps } = getApp()
      const { access_token, user } = await registerAccount(api)
      const key = await uploadWhole(api, as(access_token), randomBody(10))
      await expect(
        deps.database.db.transaction(async (tx) => {
          await service().claimUploads(tx, { userId: user.id }, [key])
          throw new Error('the transfer could not be saved')
        }),
      ).rejects.toThrow('could not be saved')
      expect((await rows().find(key))?.status).toBe('pending')
      // Claimed again after the rollback, from the copy the first attempt made.
      expect(await claim({ userId: user.id }, [key])).toEqual([
        expect.objectContaining({ key: claimedKeyOf(key), size: 10 }),
      ])
    })
  })
}, stacks)

function postJsonRaw(api: (p: string, i?: RequestInit) => Promise<Response>, body: unknown, headers: object) {
  return api('/api/presign', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}
