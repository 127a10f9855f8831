import type { Transfer } from '@ferry/contracts/api/transfers'
import { describe, expect, it } from 'vitest'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { bearer } from '../auth/testing/auth-test-kit.js'
import { openRequestLink } from '../request-links/testing/request-links-test-kit.js'
import { registerConfirmedSender } from '../sender-confirmation/testing/sender-confirmation-test-kit.js'
import { fetchBytes, getJson, postTransfer } from '../transfers/testing/transfers-test-kit.js'
import { as, call, ok, putTo, randomBody, uploadStacks } from './testing/uploads-test-kit.js'
import { createPendingUploadsSweeper } from './uploads.jobs.js'
import { createUploadsRepository } from './uploads.repository.js'

const { clock, stacks } = uploadStacks()
const day = 24 * 3600_000

type Presigned = { url: string; file_key: string; headers: Record<string, string> }

/** H-1: a signed PUT URL stores bytes only while its upload is unclaimed and not deleted. */
await forEachStack((getApp, stack) => {
  const local = stack.storage === 'local'
  const rows = () => createUploadsRepository(getApp().deps.database.db)

  async function presignAndPut(app: TestApp, token: string, body: Buffer, target: Record<string, unknown> = {}) {
    const presigned = await ok<Presigned>(
      app.api,
      'presign',
      { filename: 'a.txt', content_type: 'text/plain', file_size: body.length, ...target },
      as(token),
    )
    expect((await putTo(presigned.url, body, presigned.headers)).status).toBe(200)
    return presigned
  }

  async function send(app: TestApp, token: string, keys: string[]) {
    const created = await postTransfer(app, token, {
      files: keys.map((file_key) => ({ file_key })),
      recipient_emails: ['r@example.com'],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    return (await getJson<Transfer>(app, `/api/transfers/${created.body.id}`, token)).body
  }

  describe('single-use upload URLs (H-1)', () => {
    it('refuses to replace or grow a file once a transfer claimed it; recipients get the sent bytes', async () => {
      const app = getApp()
      const { access_token } = await registerConfirmedSender(app)
      const presigned = await presignAndPut(app, access_token, Buffer.from('tiny!'))
      const transfer = await send(app, access_token, [presigned.file_key])
      const [file] = transfer.files
      expect(file!.file_key).not.toBe(presigned.file_key)

      const swap = await putTo(presigned.url, Buffer.from('evil!'), presigned.headers)
      if (local) {
        expect(swap.status).toBe(409)
        expect(JSON.parse(swap.text)).toMatchObject({ code: 'upload_claimed' })
      }
      const download = `${app.url}/share/${transfer.unique_id}/download?file_key=${encodeURIComponent(file!.file_key)}`
      const { res, bytes } = await fetchBytes(download)
      expect(res.status).toBe(200)
      expect(bytes.toString()).toBe('tiny!')
      expect((await app.deps.blobs.stat(file!.file_key))?.size).toBe(5)
    })

    it('leaves no orphan when a URL is used after its transfer was deleted', async () => {
      const app = getApp()
      const { access_token } = await registerConfirmedSender(app)
      const presigned = await presignAndPut(app, access_token, randomBody(100))
      const transfer = await send(app, access_token, [presigned.file_key])
      const deleted = await app.api(`/api/transfers/${transfer.id}`, {
        method: 'DELETE',
        headers: bearer(access_token),
      })
      expect(deleted.status).toBe(200)
      expect(await app.deps.blobs.stat(transfer.files[0]!.file_key)).toBeNull()

      const late = await putTo(presigned.url, randomBody(100), presigned.headers)
      if (local) expect(late.status).toBe(409)
      try {
        // Once the claimed record expires, the sweep deletes whatever a late PUT wrote (S3 accepts it).
        clock.advance(day + 60_000)
        await createPendingUploadsSweeper(app.deps).sweep()
        expect(await rows().find(presigned.file_key)).toBeUndefined()
        expect(await app.deps.blobs.stat(presigned.file_key)).toBeNull()
        expect(await app.deps.blobs.stat(transfer.files[0]!.file_key)).toBeNull()
      } finally {
        clock.reset()
      }
    })

    it('refuses a visitor to replace a file a request link received', async () => {
      const app = getApp()
      const requestId = await openRequestLink(app)
      const presigned = await presignAndPut(app, '', Buffer.from('original'), { request_id: requestId })
      const uploaded = await app.api(`/api/file-request/${requestId}/upload`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ files: [{ file_key: presigned.file_key }] }),
      })
      expect(uploaded.status).toBe(201)
      const group = ((await uploaded.json()) as { group: { files: { file_key: string }[] } }).group
      const swap = await putTo(presigned.url, Buffer.from('replaced'), presigned.headers)
      if (local) expect(swap.status).toBe(409)
      const stored = await app.deps.blobs.read(group.files[0]!.file_key)
      const chunks: Buffer[] = []
      for await (const chunk of stored) chunks.push(chunk as Buffer)
      expect(Buffer.concat(chunks).toString()).toBe('original')
    })

    it('refuses part URLs once the upload completed and was claimed', async () => {
      const app = getApp()
      const { access_token } = await registerConfirmedSender(app)
      const headers = as(access_token)
      const body = randomBody(1000)
      const { key, uploadId } = await ok<{ key: string; uploadId: string }>(
        app.api,
        'multipartCreate',
        { filename: 'big.bin', file_size: body.length },
        headers,
      )
      const part = await ok<{ url: string; headers: Record<string, string> }>(
        app.api,
        'multipartSignPart',
        { key, uploadId, partNumber: 1 },
        headers,
      )
      const put = await putTo(part.url, body, part.headers)
      await ok(app.api, 'multipartComplete', { key, uploadId, parts: [{ PartNumber: 1, ETag: put.etag }] }, headers)
      const transfer = await send(app, access_token, [key])

      const late = await putTo(part.url, randomBody(1000), part.headers)
      if (local) expect(late.status).toBe(409)
      expect(await app.deps.blobs.stat(transfer.files[0]!.file_key)).toMatchObject({ size: 1000 })
      const again = await call(app.api, 'multipartSignPart', { key, uploadId, partNumber: 1 }, headers)
      expect(again.status).toBe(409)
    })

    it.skipIf(!local)('refuses the URL of an upload the sweep deleted, storing nothing', async () => {
      const app = getApp()
      const { access_token } = await registerConfirmedSender(app)
      const presigned = await ok<Presigned>(
        app.api,
        'presign',
        { filename: 'a.txt', content_type: 'text/plain', file_size: 10 },
        as(access_token),
      )
      try {
        clock.advance(day + 60_000)
        await createPendingUploadsSweeper(app.deps).sweep()
      } finally {
        clock.reset()
      }
      const late = await putTo(presigned.url, randomBody(10), presigned.headers)
      expect(late.status).toBe(404)
      expect(JSON.parse(late.text)).toMatchObject({ code: 'upload_not_found' })
      expect(await app.deps.blobs.stat(presigned.file_key)).toBeNull()
    })
  })
}, stacks)
