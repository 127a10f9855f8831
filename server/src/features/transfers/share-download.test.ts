import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { transfers } from '../../db/schema/index.js'
import { contentDisposition } from '../../http/content-disposition.js'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { authStacks } from '../auth/testing/auth-test-kit.js'
import {
  countOneMore,
  downloadCount,
  fetchBytes,
  linkParts,
  outbox,
  postTransfer,
  randomBody,
  readStoredZip,
  type Sender,
  setExpiry,
  sha256,
  share,
  signUp,
  unzipTest,
  uploadFiles,
} from './testing/transfers-test-kit.js'

const MiB = 1024 * 1024

/** A report and a photo sent by Sam to Ana and Bo, with each recipient's link from their email. */
async function sendToAnaAndBo(app: TestApp, bodies: { report: Buffer; photo: Buffer }) {
  const sender = await signUp(app, 'PREMIUM', 'Sam Sender')
  const files = await uploadFiles(app, sender, [
    { name: 'Quarterly report é.pdf', body: bodies.report },
    { name: 'photo.jpg', body: bodies.photo },
  ])
  const res = await postTransfer(app, sender.token, {
    files,
    recipient_emails: ['ana@example.com', 'bo@example.com'],
    title: '<script>alert(1)</script> Q3',
    message: 'See <img src=x onerror=alert(1)>',
  })
  expect(res.status).toBe(201)
  const created = res.body as { id: string; unique_id: string }
  const mails = (await outbox(app)).filter((m) => m.text.includes(created.unique_id))
  const links = new Map(mails.map((m) => [m.to, linkParts(m.links.find((l) => l.includes('/share/'))!)]))
  expect([...links.keys()].sort()).toEqual(['ana@example.com', 'bo@example.com'])
  const downloadBase = `${app.url}/share/${created.unique_id}/download`
  return { sender, created, downloadBase, ana: links.get('ana@example.com')!, bo: links.get('bo@example.com')! }
}

await forEachStack((getApp, stack) => {
  const s3 = stack.storage === 's3'
  const small = () => ({ report: randomBody(2000), photo: randomBody(1000) })

  describe('a transfer to two recipients, from the emails to the tracking', () => {
    // Tests that count downloads or first visits send a transfer of their own; the others share this one.
    const bodies = { report: randomBody(3 * MiB + 17), photo: randomBody(200_001) }
    let app: TestApp
    let sender: Sender
    let created: { id: string; unique_id: string }
    let ana: { uniqueId: string; t: string }
    let bo: { uniqueId: string; t: string }
    let downloadBase: string

    beforeAll(async () => {
      app = getApp()
      ;({ sender, created, ana, bo, downloadBase } = await sendToAnaAndBo(app, bodies))
    })

    it('shows a recipient the share record, records their first access once, and hides the tracking', async () => {
      const bodies = small()
      const { sender, created, ana } = await sendToAnaAndBo(app, bodies)
      const res = await share(app, ana.uniqueId, { t: ana.t })
      expect(res.status).toBe(200)
      expect(res.body.transfer).toMatchObject({
        id: created.id,
        title: '<script>alert(1)</script> Q3',
        message: 'See <img src=x onerror=alert(1)>',
        download_count: 0,
        deleted_at: null,
        status: 'active',
        total_size: bodies.report.length + bodies.photo.length,
      })
      expect(res.body.transfer.files.map((f) => [f.file_name, f.file_size])).toEqual([
        ['Quarterly report é.pdf', bodies.report.length],
        ['photo.jpg', bodies.photo.length],
      ])
      expect(res.body.sender).toEqual({ name: 'Sam Sender' })
      expect(res.body.download_url).toBe(`${app.url}/share/${created.unique_id}/download`)
      expect(res.body.tracking).toEqual({ is_sender: false, current_recipient: ana.t })

      const tracked = await share(app, created.unique_id, { token: sender.token })
      const first = tracked.body.tracking.recipients!.find((r) => r.recipient_email === 'ana@example.com')!
      expect(first.first_accessed_at).not.toBeNull()
      expect(first.avatar_letter).toBe('A')
      // Opening again keeps the first time.
      await share(app, ana.uniqueId, { t: ana.t })
      const again = await share(app, created.unique_id, { token: sender.token })
      expect(
        again.body.tracking.recipients!.find((r) => r.recipient_email === 'ana@example.com')!.first_accessed_at,
      ).toBe(first.first_accessed_at)
      // A visitor without t, or with a made-up t, is nobody in particular.
      expect((await share(app, created.unique_id, { t: 'made-up' })).body.tracking).toEqual({
        is_sender: false,
        current_recipient: null,
      })
    })

    it('downloads one file byte for byte, with its name, size and range support', async () => {
      const [report] = (await share(app, created.unique_id)).body.transfer.files
      const url = `${downloadBase}?file_key=${encodeURIComponent(report!.file_key)}&t=${ana.t}`
      const { res, bytes } = await fetchBytes(url)
      expect(res.status).toBe(200)
      expect(sha256(bytes)).toBe(sha256(bodies.report))
      if (s3) {
        expect(res.redirected).toBe(true)
      } else {
        expect(res.headers.get('content-length')).toBe(String(bodies.report.length))
        expect(res.headers.get('content-disposition')).toBe(contentDisposition('Quarterly report é.pdf'))
        expect(res.headers.get('accept-ranges')).toBe('bytes')
        expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      }
    })

    it('answers a range with 206 and exactly those bytes (a resumed download)', async () => {
      const [report] = (await share(app, created.unique_id)).body.transfer.files
      const url = `${downloadBase}?file_key=${encodeURIComponent(report!.file_key)}`
      const start = 1_000_000
      const { res, bytes } = await fetchBytes(url, { headers: { range: `bytes=${start}-` } })
      expect(res.status).toBe(206)
      expect(res.headers.get('content-range')).toBe(
        `bytes ${start}-${bodies.report.length - 1}/${bodies.report.length}`,
      )
      expect(bytes.equals(bodies.report.subarray(start))).toBe(true)

      const middle = await fetchBytes(url, { headers: { range: 'bytes=10-19' } })
      expect(middle.res.status).toBe(206)
      expect(middle.bytes.equals(bodies.report.subarray(10, 20))).toBe(true)
    })

    it.skipIf(s3)('answers 416 past the end, and ignores a range for another version (If-Range)', async () => {
      const [report] = (await share(app, created.unique_id)).body.transfer.files
      const url = `${downloadBase}?file_key=${encodeURIComponent(report!.file_key)}`
      const past = await fetchBytes(url, { headers: { range: `bytes=${bodies.report.length}-` } })
      expect(past.res.status).toBe(416)
      expect(past.res.headers.get('content-range')).toBe(`bytes */${bodies.report.length}`)
      expect(JSON.parse(past.bytes.toString())).toMatchObject({ code: 'range_not_satisfiable' })

      const stale = await fetchBytes(url, { headers: { range: 'bytes=0-9', 'if-range': '"another-etag"' } })
      expect(stale.res.status).toBe(200)
      expect(stale.bytes.length).toBe(bodies.report.length)

      const etag = stale.res.headers.get('etag')!
      const same = await fetchBytes(url, { headers: { range: 'bytes=0-9', 'if-range': etag } })
      expect(same.res.status).toBe(206)
      expect(same.bytes.equals(bodies.report.subarray(0, 10))).toBe(true)
    })

    it('streams every file as one stored ZIP named after the title', async () => {
      const { res, bytes } = await fetchBytes(`${downloadBase}?as_zip=true&t=${bo.t}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/zip')
      expect(res.headers.get('content-length')).toBe(String(bytes.length))
      expect(res.headers.get('content-disposition')).toBe(contentDisposition('_script_alert(1)_script_ Q3.zip'))
      const entries = readStoredZip(bytes)
      expect([...entries.keys()]).toEqual(['Quarterly report é.pdf', 'photo.jpg'])
      expect(sha256(entries.get('Quarterly report é.pdf')!)).toBe(sha256(bodies.report))
      expect(sha256(entries.get('photo.jpg')!)).toBe(sha256(bodies.photo))
      expect(await unzipTest(bytes)).toContain('No errors detected')
    })

    it('shows the sender who opened the link and which files each downloaded', async () => {
      const bodies = small()
      const { sender, created, ana, bo, downloadBase } = await sendToAnaAndBo(app, bodies)
      const [report] = (await share(app, created.unique_id)).body.transfer.files
      const reportUrl = `${downloadBase}?file_key=${encodeURIComponent(report!.file_key)}`
      const length = bodies.report.length
      // Counted: Ana's file, a resume that reaches the end, Bo's ZIP and (local) the whole file
      // sent for a stale If-Range; not a range that stops short of the end.
      await fetchBytes(`${reportUrl}&t=${ana.t}`)
      await fetchBytes(reportUrl, { headers: { range: `bytes=${length - 100}-` } })
      await fetchBytes(reportUrl, { headers: { range: 'bytes=10-19' } })
      await fetchBytes(`${downloadBase}?as_zip=true&t=${bo.t}`)
      if (!s3) await fetchBytes(reportUrl, { headers: { range: 'bytes=0-9', 'if-range': '"another-etag"' } })
      const expected = s3 ? 3 : 4
      await expect.poll(() => downloadCount(app, created.id)).toBe(expected)

      const res = await share(app, created.unique_id, { token: sender.token })
      expect(res.status).toBe(200)
      expect(res.body.tracking.is_sender).toBe(true)
      const [, photo] = res.body.transfer.files
      const byEmail = new Map(res.body.tracking.recipients!.map((r) => [r.recipient_email, r]))
      expect(byEmail.get('ana@example.com')!.download_status).toEqual({
        [report!.file_id]: true,
        [photo!.file_id]: false,
      })
      expect(byEmail.get('bo@example.com')!.download_status).toEqual({
        [report!.file_id]: true,
        [photo!.file_id]: true,
      })
      // Bo downloaded without opening the share page.
      expect(byEmail.get('bo@example.com')!.first_accessed_at).toBeNull()
      expect(res.body.transfer.download_count).toBe(expected)
      // A range that stops short was not counted later either.
      expect(await countOneMore(app, created.id)).toBe(expected + 1)
    })

    it('does not count the sender opening or downloading their own transfer', async () => {
      const { sender, created, downloadBase } = await sendToAnaAndBo(app, small())
      await share(app, created.unique_id, { token: sender.token })
      const res = await fetch(`${downloadBase}?as_zip=true`, { headers: { authorization: `Bearer ${sender.token}` } })
      await res.arrayBuffer()
      expect(await countOneMore(app, created.id)).toBe(1)
    })

    it.skipIf(s3)('answers HEAD with the headers only, without counting', async () => {
      const bodies = small()
      const { created, downloadBase } = await sendToAnaAndBo(app, bodies)
      const [report] = (await share(app, created.unique_id)).body.transfer.files
      const res = await fetch(`${downloadBase}?file_key=${encodeURIComponent(report!.file_key)}`, { method: 'HEAD' })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-length')).toBe(String(bodies.report.length))
      expect((await res.arrayBuffer()).byteLength).toBe(0)
      expect(await countOneMore(app, created.id)).toBe(1)
    })

    it('refuses a file key that is not part of this transfer', async () => {
      const other = await uploadFiles(app, sender, [{ name: 'x', body: randomBody(10) }])
      const { res, bytes } = await fetchBytes(`${downloadBase}?file_key=${encodeURIComponent(other[0]!.file_key)}`)
      expect(res.status).toBe(404)
      expect(JSON.parse(bytes.toString())).toMatchObject({ code: 'transfer_file_not_found' })
    })
  })

  describe('expired, deleted and unknown transfers', () => {
    async function sent(app: TestApp) {
      const sender = await signUp(app, 'FREE')
      const files = await uploadFiles(app, sender, [{ name: 'a.txt', body: randomBody(100) }])
      const res = await postTransfer(app, sender.token, { files, recipient_email: 'r@example.com' })
      expect(res.status).toBe(201)
      return { sender, id: res.body.id as string, uniqueId: res.body.unique_id as string }
    }

    it('answers 403 once expired, to the share and the download; the sender still sees it as expired', async () => {
      const app = getApp()
      const { sender, id, uniqueId } = await sent(app)
      await setExpiry(app, id, new Date(Date.now() - 1000))
      const res = await share(app, uniqueId)
      expect(res.status).toBe(403)
      // The title and the sender's name, so the page says what expired and whom to ask; nothing else (walk 9.3).
      expect(res.body).toEqual({
        code: 'transfer_expired',
        detail: 'This transfer has expired and is no longer available.',
        title: '',
        sender_name: 'Ana Sender',
      })
      const download = await fetch(`${app.url}/share/${uniqueId}/download`)
      expect(download.status).toBe(403)
      const own = await share(app, uniqueId, { token: sender.token })
      expect(own.status).toBe(200)
      expect(own.body.transfer.status).toBe('expired')
      expect(own.body.download_url).toBeNull()
    })

    it("names no one once the sender's account is gone", async () => {
      const app = getApp()
      const { id, uniqueId } = await sent(app)
      await app.deps.database.db.update(transfers).set({ userId: null }).where(eq(transfers.id, id))
      const res = await share(app, uniqueId)
      expect(res.status).toBe(200)
      expect(res.body.sender).toEqual({ name: 'A Ferry user' })
      expect(res.body.transfer.files.map((f) => f.file_name)).toEqual(['a.txt'])
    })

    it('answers 404 once deleted', async () => {
      const app = getApp()
      const { sender, id, uniqueId } = await sent(app)
      const del = await app.api(`/api/transfers/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${sender.token}` },
      })
      expect(del.status).toBe(200)
      const res = await share(app, uniqueId)
      expect(res.status).toBe(404)
      expect(res.body).toEqual({
        code: 'transfer_not_found',
        detail: 'This transfer does not exist or has been deleted.',
      })
      expect((await fetch(`${app.url}/share/${uniqueId}/download`)).status).toBe(404)
    })

    it('finds nothing for guessed ids', async () => {
      const app = getApp()
      for (const guess of ['1', 'abc', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '../../etc/passwd', '%00']) {
        const res = await app.api(`/api/share/${encodeURIComponent(guess)}`)
        expect(res.status, guess).toBe(404)
        const download = await app.api(`/share/${encodeURIComponent(guess)}/download`)
        expect(download.status, guess).toBe(404)
        expect(download.headers.get('content-type')).toContain('application/json')
      }
    })
  })
}, authStacks())
