import type { Transfer } from '@ferry/contracts/api/transfers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { downloadSlots } from '../../db/schema/index.js'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { authStacks, bearer } from '../auth/testing/auth-test-kit.js'
import {
  downloadCount,
  fetchBytes,
  getJson,
  linkParts,
  outbox,
  postTransfer,
  randomBody,
  readStoredZip,
  type Sender,
  sha256,
  share,
  signUp,
  transferRow,
  uploadFiles,
} from './testing/transfers-test-kit.js'

const MiB = 1024 * 1024

interface Sent {
  sender: Sender
  id: string
  uniqueId: string
  keys: string[]
  /** Each recipient's `t`, by address. */
  t: Map<string, string>
  base: string
}

/** Sends the bodies (named a.bin, b.bin, …) to the recipients with the given limits. */
async function send(
  app: TestApp,
  bodies: Buffer[],
  limits: { max_downloads?: number | null; burn_after_download?: boolean },
  recipients = ['ana@example.com'],
): Promise<Sent> {
  const sender = await signUp(app, 'PREMIUM', 'Sam Sender')
  const files = await uploadFiles(
    app,
    sender,
    bodies.map((body, i) => ({ name: `${String.fromCharCode(97 + i)}.bin`, body })),
  )
  const res = await postTransfer(app, sender.token, { files, recipient_emails: recipients, ...limits })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const uniqueId = res.body.unique_id as string
  const mails = (await outbox(app)).filter((m) => m.text.includes(uniqueId))
  const t = new Map(mails.map((m) => [m.to, linkParts(m.links.find((l) => l.includes('/share/'))!).t]))
  // A claimed upload's key changes (uploads/… to files/…): the record has the keys to download by.
  const record = await share(app, uniqueId, { token: sender.token })
  return {
    sender,
    id: res.body.id as string,
    uniqueId,
    keys: record.body.transfer.files.map((f) => f.file_key),
    t,
    base: `${app.url}/share/${uniqueId}/download`,
  }
}

const fileUrl = (sent: Sent, index = 0, t?: string) =>
  `${sent.base}?file_key=${encodeURIComponent(sent.keys[index]!)}${t ? `&t=${t}` : ''}`

const own = (app: TestApp, sent: Sent) => getJson<Transfer>(app, `/api/transfers/${sent.id}`, sent.sender.token)

function patch(app: TestApp, sent: Sent, body: Record<string, unknown>) {
  return app
    .api(`/api/transfers/${sent.id}`, {
      method: 'PATCH',
      headers: { ...bearer(sent.sender.token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    .then(async (res) => ({
      status: res.status,
      body: (await res.json()) as Transfer & { code?: string; detail?: string },
    }))
}

/** Waits until the transfer is spent (its last download is settled once the response finished). */
const spent = (app: TestApp, sent: Sent) =>
  expect.poll(async () => (await transferRow(app, sent.id))!.spentAt, { timeout: 10_000 }).not.toBeNull()

async function expectGone(res: Response) {
  expect(res.status).toBe(410)
  const text = await res.text()
  // A HEAD answer has the status and no body.
  if (text) expect(JSON.parse(text)).toMatchObject({ code: 'download_limit_reached' })
}

await forEachStack((getApp, stack) => {
  const s3 = stack.storage === 's3'

  describe('download limit and burn after download', () => {
    it('takes both on POST and PATCH, shows them to the sender, and refuses what is out of bounds', async () => {
      const app = getApp()
      const sent = await send(app, [randomBody(10)], { max_downloads: 3, burn_after_download: true })
      expect((await own(app, sent)).body).toMatchObject({
        max_downloads: 3,
        burn_after_download: true,
        download_count: 0,
        download_limit_reached: false,
      })
      const changed = await patch(app, sent, { max_downloads: null, burn_after_download: false })
      expect(changed.status).toBe(200)
      expect(changed.body).toMatchObject({ max_downloads: null, burn_after_download: false })
      expect((await patch(app, sent, { max_downloads: 100 })).body.max_downloads).toBe(100)

      for (const [value, detail] of [
        [0, 'The download limit must be at least 1.'],
        [101, 'The download limit must be at most 100.'],
        [1.5, 'The download limit must be a whole number.'],
        ['3', 'The download limit must be a whole number.'],
      ] as const) {
        const res = await patch(app, sent, { max_downloads: value })
        expect(res.status, String(value)).toBe(400)
        expect(res.body.code).toBe('validation_failed')
        expect(res.body.detail).toContain(detail)
        const created = await postTransfer(app, sent.sender.token, {
          files: [],
          recipient_email: 'x@example.com',
          max_downloads: value,
        })
        expect(created.status, String(value)).toBe(400)
        expect(created.body.detail).toContain(detail)
      }
      const notBoolean = await patch(app, sent, { burn_after_download: 'yes' })
      expect(notBoolean.status).toBe(400)
      expect(notBoolean.body.detail).toContain('burn_after_download must be true or false.')
      // Only the owner changes it.
      const stranger = await signUp(app, 'PREMIUM')
      const other = await app.api(`/api/transfers/${sent.id}`, {
        method: 'PATCH',
        headers: { ...bearer(stranger.token), 'content-type': 'application/json' },
        body: JSON.stringify({ max_downloads: 5 }),
      })
      expect(other.status).toBe(404)
    })

    it('counts a download once when a range delivered the last byte, whatever came before; HEAD and views never count', async () => {
      const app = getApp()
      const body = randomBody(MiB + 333)
      const sent = await send(app, [body], { max_downloads: 1 })
      const t = sent.t.get('ana@example.com')!
      const url = fileUrl(sent, 0, t)
      // Mail scanners and the share page: views and HEAD.
      for (let i = 0; i < 3; i++) expect((await share(app, sent.uniqueId, { t })).status).toBe(200)
      expect((await fetch(url, { method: 'HEAD' })).status).toBe(200)
      // A browser's download cut short, then resumed in two ranges; only the last reaches the end.
      const first = await fetchBytes(url, { headers: { range: 'bytes=0-99999' } })
      expect(first.res.status).toBe(206)
      expect(first.res.redirected).toBe(false)
      const second = await fetchBytes(url, { headers: { range: 'bytes=100000-599999' } })
      expect(second.res.status).toBe(206)
      expect(await downloadCount(app, sent.id)).toBe(0)
      const last = await fetchBytes(url, { headers: { range: 'bytes=600000-' } })
      expect(last.res.status).toBe(206)
      expect(sha256(Buffer.concat([first.bytes, second.bytes, last.bytes]))).toBe(sha256(body))
      await spent(app, sent)
      expect(await downloadCount(app, sent.id)).toBe(1)
      const tracked = await share(app, sent.uniqueId, { token: sent.sender.token })
      expect(tracked.body.tracking.recipients![0]!.download_status).toEqual({
        [tracked.body.transfer.files[0]!.file_id]: true,
      })
    })

    it('answers 410 download_limit_reached on every path once the limit is reached, and deletes the bytes', async () => {
      const app = getApp()
      const bodies = [randomBody(5000), randomBody(7000)]
      const sent = await send(app, bodies, { max_downloads: 2 })
      const zip = await fetchBytes(`${sent.base}?as_zip=true`)
      expect(zip.res.status).toBe(200)
      expect(zip.res.redirected).toBe(false)
      const entries = readStoredZip(zip.bytes)
      expect([...entries.values()].map(sha256)).toEqual(bodies.map(sha256))
      const one = await fetchBytes(fileUrl(sent, 1))
      expect(one.res.status).toBe(200)
      expect(sha256(one.bytes)).toBe(sha256(bodies[1]!))
      await spent(app, sent)

      const page = await share(app, sent.uniqueId, { t: sent.t.get('ana@example.com') })
      expect(page.status).toBe(410)
      expect(page.body).toEqual({
        code: 'download_limit_reached',
        detail: 'This transfer has been downloaded as many times as its sender allowed, and its files were deleted.',
        title: '',
        sender_name: 'Sam Sender',
      })
      await expectGone(await fetch(fileUrl(sent, 0)))
      await expectGone(await fetch(`${sent.base}?as_zip=true`))
      await expectGone(await fetch(fileUrl(sent, 0), { method: 'HEAD' }))
      await expectGone(await fetch(fileUrl(sent, 0), { headers: { range: 'bytes=0-9' } }))
      // The sender's links are refused too: there is nothing left to hand out.
      const link = await app.api(
        `/api/transfers/${sent.id}/download-url?file_key=${encodeURIComponent(sent.keys[0]!)}`,
        {
          headers: bearer(sent.sender.token),
        },
      )
      await expectGone(link)
      const redirect = await app.api(`/api/transfers/${sent.id}/download`, { headers: bearer(sent.sender.token) })
      await expectGone(redirect)
      // The sender still sees the record, with the count and no download link.
      const mine = await share(app, sent.uniqueId, { token: sent.sender.token })
      expect(mine.status).toBe(200)
      expect(mine.body.transfer).toMatchObject({
        download_count: 2,
        max_downloads: 2,
        download_limit_reached: true,
      })
      expect(mine.body.download_url).toBeNull()
      expect((await own(app, sent)).body).toMatchObject({ download_limit_reached: true, download_count: 2 })
      // Nothing is left readable in the store.
      await expect.poll(() => Promise.all(sent.keys.map((k) => app.deps.blobs.stat(k)))).toEqual([null, null])
      expect((await transferRow(app, sent.id))!.filesDeletedAt).not.toBeNull()
      // The limit can no longer be changed.
      expect((await patch(app, sent, { max_downloads: 50 })).body.code).toBe('download_limit_reached')
    })

    it('lets exactly one of two concurrent first downloads through on a limit of 1', async () => {
      const app = getApp()
      const body = randomBody(4 * MiB + 1)
      const sent = await send(app, [body], { max_downloads: 1 })
      const results = await Promise.all([fetchBytes(fileUrl(sent)), fetchBytes(fileUrl(sent))])
      const statuses = results.map((r) => r.res.status).sort()
      expect(statuses).toEqual([200, 410])
      const winner = results.find((r) => r.res.status === 200)!
      expect(winner.bytes.length).toBe(body.length)
      expect(sha256(winner.bytes)).toBe(sha256(body))
      const loser = results.find((r) => r.res.status === 410)!
      expect(JSON.parse(loser.bytes.toString())).toMatchObject({ code: 'download_limit_reached' })
      await spent(app, sent)
      expect(await downloadCount(app, sent.id)).toBe(1)
    })

    it('gives the slot of a cut-off download back, so the resumed download gets the bytes and counts once', async () => {
      const app = getApp()
      const body = randomBody(24 * MiB)
      const sent = await send(app, [body], { max_downloads: 1 })
      const abort = new AbortController()
      const res = await fetch(fileUrl(sent), { signal: abort.signal })
      expect(res.status).toBe(200)
      const reader = res.body!.getReader()
      const { value } = await reader.read()
      expect(value!.length).toBeGreaterThan(0)
      abort.abort()
      await reader.cancel().catch(() => undefined)
      // The slot is given back when the server sees the connection close.
      const slots = app.deps.database.db.select().from(downloadSlots).where(eq(downloadSlots.transferId, sent.id))
      await expect.poll(async () => (await slots).length, { timeout: 10_000 }).toBe(0)
      expect(await downloadCount(app, sent.id)).toBe(0)
      const again = await fetchBytes(fileUrl(sent))
      expect(again.res.status).toBe(200)
      expect(sha256(again.bytes)).toBe(sha256(body))
      await spent(app, sent)
      expect(await downloadCount(app, sent.id)).toBe(1)
    })

    it("never counts the sender's own downloads", async () => {
      const app = getApp()
      const body = randomBody(3000)
      const sent = await send(app, [body], { max_downloads: 1 })
      const mine = await fetchBytes(fileUrl(sent), { headers: bearer(sent.sender.token) })
      expect(mine.res.status).toBe(200)
      const link = await getJson<{ download_url: string }>(
        app,
        `/api/transfers/${sent.id}/download-url`,
        sent.sender.token,
      )
      expect((await fetchBytes(link.body.download_url)).res.status).toBe(200)
      expect(await downloadCount(app, sent.id)).toBe(0)
      const theirs = await fetchBytes(fileUrl(sent))
      expect(theirs.res.status).toBe(200)
      expect(sha256(theirs.bytes)).toBe(sha256(body))
      await spent(app, sent)
    })

    it('burns the transfer once every recipient has downloaded every file, and deletes the bytes', async () => {
      const app = getApp()
      const bodies = [randomBody(4000), randomBody(6000)]
      const sent = await send(app, bodies, { burn_after_download: true }, ['ana@example.com', 'bo@example.com'])
      const ana = sent.t.get('ana@example.com')!
      const bo = sent.t.get('bo@example.com')!
      expect((await fetchBytes(`${sent.base}?as_zip=true&t=${ana}`)).res.status).toBe(200)
      // Someone without a tracking id counts, but is nobody's download.
      expect((await fetchBytes(fileUrl(sent, 0))).res.status).toBe(200)
      const boFirst = await fetchBytes(fileUrl(sent, 0, bo))
      expect(sha256(boFirst.bytes)).toBe(sha256(bodies[0]!))
      await expect.poll(() => downloadCount(app, sent.id)).toBe(3)
      expect((await transferRow(app, sent.id))!.spentAt).toBeNull()
      expect((await share(app, sent.uniqueId, { t: bo })).status).toBe(200)
      const boSecond = await fetchBytes(fileUrl(sent, 1, bo))
      expect(boSecond.res.redirected).toBe(false)
      expect(sha256(boSecond.bytes)).toBe(sha256(bodies[1]!))
      await spent(app, sent)
      expect((await share(app, sent.uniqueId, { t: ana })).body.code).toBe('download_limit_reached')
      await expectGone(await fetch(fileUrl(sent, 1, ana)))
      await expect.poll(() => Promise.all(sent.keys.map((k) => app.deps.blobs.stat(k)))).toEqual([null, null])
    })

    it('ends the transfer at once when the owner sets a limit already met, or burning every recipient already met', async () => {
      const app = getApp()
      const sent = await send(app, [randomBody(100)], {})
      expect((await fetchBytes(fileUrl(sent))).res.status).toBe(200)
      expect((await fetchBytes(fileUrl(sent))).res.status).toBe(200)
      await expect.poll(() => downloadCount(app, sent.id)).toBe(2)
      const lower = await patch(app, sent, { max_downloads: 2 })
      expect(lower.status).toBe(200)
      expect(lower.body).toMatchObject({ max_downloads: 2, download_limit_reached: true })
      await expectGone(await fetch(fileUrl(sent)))
      expect((await share(app, sent.uniqueId)).status).toBe(410)

      const burn = await send(app, [randomBody(100)], {})
      expect((await fetchBytes(fileUrl(burn, 0, burn.t.get('ana@example.com')))).res.status).toBe(200)
      await expect.poll(() => downloadCount(app, burn.id)).toBe(1)
      expect((await patch(app, burn, { burn_after_download: true })).body.download_limit_reached).toBe(true)
      await expect.poll(() => app.deps.blobs.stat(burn.keys[0]!)).toBeNull()
    })

    it('burns at once when the owner removes the only recipient who had not downloaded yet', async () => {
      const app = getApp()
      const sent = await send(app, [randomBody(100)], { burn_after_download: true }, [
        'ana@example.com',
        'bo@example.com',
      ])
      expect((await fetchBytes(fileUrl(sent, 0, sent.t.get('ana@example.com')))).res.status).toBe(200)
      await expect.poll(() => downloadCount(app, sent.id)).toBe(1)
      expect((await own(app, sent)).body.download_limit_reached).toBe(false)
      const edited = await patch(app, sent, { recipient_emails: ['ana@example.com'] })
      expect(edited.status).toBe(200)
      expect(edited.body.download_limit_reached).toBe(true)
      expect((await share(app, sent.uniqueId)).body.code).toBe('download_limit_reached')
      await expect.poll(() => app.deps.blobs.stat(sent.keys[0]!)).toBeNull()
    })

    it.runIf(s3)('streams a limited transfer through Ferry instead of redirecting to the store', async () => {
      const app = getApp()
      const body = randomBody(2 * MiB)
      const unlimited = await send(app, [body], {})
      expect((await fetchBytes(fileUrl(unlimited))).res.redirected).toBe(true)
      const limited = await send(app, [body], { max_downloads: 5 })
      const res = await fetch(fileUrl(limited), { redirect: 'manual' })
      expect(res.status).toBe(200)
      expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(body))
    })
  })
}, authStacks())
