import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readdir, writeFile } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { and, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { pendingUploads, transfers } from '../../db/schema/index.js'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { chunkedBody, createApiKey, putFile } from '../api-keys/testing/api-keys-test-kit.js'
import { authStacks, bearer, postJson } from '../auth/testing/auth-test-kit.js'
import type { createPlansService } from '../plans/plans.service.js'
import { latestSenderCode, senderCodeMails } from '../sender-confirmation/testing/sender-confirmation-test-kit.js'
import { fetchBytes, linkParts, outbox, randomBody, sha256, signUp } from './testing/transfers-test-kit.js'

// Issue 20 item 3: `curl -T file https://host/api/put/file -H "Authorization: Bearer <key>"`
// streams the body into a new transfer and answers its share URL as text.

const run = promisify(execFile)
const curl = ['/usr/bin/curl', '/usr/local/bin/curl'].find((p) => existsSync(p))
const MiB = 1024 * 1024

await forEachStack((getApp) => {
  async function keyOf(app: TestApp, role: 'FREE' | 'PREMIUM' = 'PREMIUM', scopes = ['transfers:write' as const]) {
    const user = await signUp(app, role)
    const { key } = await createApiKey(app.api, user.token, scopes)
    return { user, key }
  }
  const transfersOf = (app: TestApp, userId: string) =>
    app.deps.database.db.select().from(transfers).where(eq(transfers.userId, userId))
  const pendingOf = (app: TestApp, userId: string) =>
    app.deps.database.db
      .select()
      .from(pendingUploads)
      .where(and(eq(pendingUploads.userId, userId), isNull(pendingUploads.requestId)))

  async function downloaded(shareUrl: string, app: TestApp) {
    const { uniqueId } = linkParts(shareUrl)
    const { res, bytes } = await fetchBytes(`${app.url}/share/${uniqueId}/download`)
    expect(res.status).toBe(200)
    return bytes
  }

  /** The objects on local disk (none on S3, whose bucket the test does not list). */
  async function storedObjects(app: TestApp): Promise<string[]> {
    if (app.deps.blobs.kind !== 'local') return []
    const names = await readdir(path.join(app.dataDir, 'blobs', 'objects'), { recursive: true }).catch(() => [])
    return names
      .map(String)
      .filter((name) => name.endsWith('manifest.json'))
      .sort()
  }

  async function withPlan(id: string, patch: Parameters<ReturnType<typeof createPlansService>['update']>[1]) {
    const plans = getApp().services.plans
    const before = await plans.get(id)
    await plans.update(id, patch)
    return () =>
      plans.update(id, { maxTransferSizeGb: before.max_transfer_size_gb, maxMonthlyDataGb: before.max_monthly_data_gb })
  }

  describe('PUT /api/put/{filename}', () => {
    it('streams the body into a transfer, answers the share URL as text, and emails the recipients', async () => {
      const app = getApp()
      const { user, key } = await keyOf(app)
      const body = randomBody(300 * 1024 + 7)
      const to = `bo-${user.id.slice(0, 8)}@example.com`
      const other = `cy-${user.id.slice(0, 8)}@example.com`
      const res = await putFile(
        app,
        key,
        'report 2026.pdf',
        body,
        `?to=${to},${other}&title=Report&expires_in_hours=24`,
      )
      expect(res.status, res.text).toBe(201)
      expect(res.type).toMatch(/^text\/plain/)
      expect(res.text).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/share\/[A-Za-z0-9_-]+\n$/)
      const url = res.text.trim()
      expect(sha256(await downloaded(url, app))).toBe(sha256(body))

      const [row] = await transfersOf(app, user.id)
      expect(row!.title).toBe('Report')
      expect(row!.totalSize).toBe(body.length)
      const mails = await outbox(app)
      expect(mails.filter((m) => m.to.includes(to))).toHaveLength(1)
      expect(mails.filter((m) => m.to.includes(other))).toHaveLength(1)
      // The upload was claimed like any other: nothing is left pending.
      expect((await pendingOf(app, user.id)).every((p) => p.status === 'claimed')).toBe(true)
    })

    it('takes a chunked body of unknown length, and repeated to= parameters', async () => {
      const app = getApp()
      const { user, key } = await keyOf(app)
      const body = randomBody(9 * MiB + 123)
      const a = `a-${user.id.slice(0, 8)}@example.com`
      const b = `b-${user.id.slice(0, 8)}@example.com`
      const res = await putFile(app, key, 'big.bin', chunkedBody(body, 256 * 1024), `?to=${a}&to=${b}`)
      expect(res.status, res.text).toBe(201)
      expect(sha256(await downloaded(res.text.trim(), app))).toBe(sha256(body))
      const mails = await outbox(app)
      expect(mails.filter((m) => m.to.includes(a) || m.to.includes(b))).toHaveLength(2)
    })

    it('makes a link-only transfer without to=, and an empty file too', async () => {
      const app = getApp()
      const { key } = await keyOf(app)
      const res = await putFile(app, key, 'empty.txt', Buffer.alloc(0))
      expect(res.status, res.text).toBe(201)
      expect((await downloaded(res.text.trim(), app)).length).toBe(0)
    })

    it.skipIf(!curl)('works with the real curl -T', async () => {
      const app = getApp()
      const { key } = await keyOf(app)
      const body = randomBody(2 * MiB + 11)
      const file = path.join(os.tmpdir(), `ferry-curl-${Date.now()}.iso`)
      await writeFile(file, body)
      const { stdout } = await run(curl!, [
        '--silent',
        '--show-error',
        '--fail',
        '-T',
        file,
        `${app.url}/api/put/file.iso?title=From%20curl`,
        '-H',
        `Authorization: Bearer ${key}`,
      ])
      expect(stdout).toMatch(/\/share\/[A-Za-z0-9_-]+\n$/)
      expect(sha256(await downloaded(stdout.trim(), app))).toBe(sha256(body))
    })

    it('answers 401 without a key and 403 scope_missing for a key without transfers:write', async () => {
      const app = getApp()
      const none = await putFile(app, undefined, 'a.txt', Buffer.from('hello'))
      expect(none.status).toBe(401)
      const { user, key } = await keyOf(app, 'PREMIUM', ['transfers:read'] as never)
      const res = await putFile(app, key, 'a.txt', Buffer.from('hello'))
      expect(res.status).toBe(403)
      expect(JSON.parse(res.text).code).toBe('scope_missing')
      expect(await transfersOf(app, user.id)).toHaveLength(0)
      expect(await pendingOf(app, user.id)).toHaveLength(0)
    })

    it('refuses bad options with a 400 before storing anything', async () => {
      const app = getApp()
      const { user, key } = await keyOf(app)
      for (const query of ['?to=not-an-email', '?expires_in_hours=abc', '?expires_in_hours=100000']) {
        const res = await putFile(app, key, 'a.txt', Buffer.from('hello'), query)
        expect(res.status, query).toBeGreaterThanOrEqual(400)
        expect(res.status, query).toBeLessThan(500)
      }
      expect(await pendingOf(app, user.id)).toHaveLength(0)
      expect(await transfersOf(app, user.id)).toHaveLength(0)
    })

    it('refuses a Content-Length over the plan limit at once (413) and a chunked body once it passes it', async () => {
      const app = getApp()
      const restore = await withPlan('pro', { maxTransferSizeGb: 1 / 1024 }) // 1 MiB
      try {
        const { user, key } = await keyOf(app)
        const objectsBefore = await storedObjects(app)
        // Content-Length says 5 GiB and nothing follows: the answer comes before any byte is read.
        const early = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = http.request(`${app.url}/api/put/huge.iso`, {
            method: 'PUT',
            headers: { ...bearer(key), 'content-length': String(5 * 1024 ** 3) },
          })
          req.on('response', (res) => {
            let text = ''
            res.on('data', (c) => {
              text += c
            })
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
          })
          req.on('error', reject)
          req.write(Buffer.alloc(1024))
        })
        expect(early.status).toBe(413)
        expect(JSON.parse(early.body).detail).toMatch(/1 MB|1\.0 MB|1 MiB/)

        const over = await putFile(app, key, 'big.bin', chunkedBody(randomBody(3 * MiB)))
        expect(over.status, over.text).toBe(413)
        expect(await transfersOf(app, user.id)).toHaveLength(0)
        expect(await pendingOf(app, user.id)).toHaveLength(0)
        if (app.deps.blobs.kind === 'local') expect(await storedObjects(app)).toEqual(objectsBefore)
        const fits = await putFile(app, key, 'small.bin', chunkedBody(randomBody(512 * 1024)))
        expect(fits.status, fits.text).toBe(201)
      } finally {
        await restore()
      }
    })

    it('on a plan with requires_otp, asks an unconfirmed key to confirm first; the key then sends', async () => {
      const app = getApp()
      const user = await signUp(app, 'FREE', 'Ana Sender', { senderConfirmed: false })
      const { key } = await createApiKey(app.api, user.token, ['transfers:write'])
      const before = (await senderCodeMails(app, user.email)).length

      const refused = await putFile(app, key, 'a.txt', Buffer.from('hello'))
      expect(refused.status).toBe(403)
      expect(JSON.parse(refused.text).code).toBe('sender_confirmation_required')
      expect(await pendingOf(app, user.id)).toHaveLength(0)
      expect((await senderCodeMails(app, user.email)).length).toBe(before + 1)

      const code = await latestSenderCode(app, user.email)
      const confirmed = await postJson(app.api, '/api/sender-confirmation', { code }, bearer(key))
      expect(confirmed.status).toBe(204)
      const sent = await putFile(app, key, 'a.txt', Buffer.from('hello'))
      expect(sent.status, sent.text).toBe(201)
      // The key stays confirmed: a second send needs no code.
      expect((await putFile(app, key, 'b.txt', Buffer.from('again'))).status).toBe(201)
    })
  })
}, authStacks())
