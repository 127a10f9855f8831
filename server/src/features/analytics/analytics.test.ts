import type { AnalyticsSummary, TransferAnalytics } from '@ferry/contracts/api/analytics'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { transferEvents } from '../../db/schema/index.js'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { authStacks, bearer, createTestClock } from '../auth/testing/auth-test-kit.js'
import { buyWithTestCheckout, checkoutBody } from '../billing/testing/billing-test-kit.js'
import {
  getJson,
  linkParts,
  outbox,
  postTransfer,
  randomBody,
  type Sender,
  share,
  signUp,
  uploadFiles,
} from '../transfers/testing/transfers-test-kit.js'
import { analyticsJobs } from './analytics.jobs.js'

// Issue 21: the event log and analytics over real HTTP, on both stacks. The client addresses come
// through X-Forwarded-For from the loopback (TRUST_PROXY's default), so a test chooses its country.

const clock = createTestClock()
afterEach(() => clock.reset())
const MiB = 1024 * 1024
const day = 24 * 3600_000
/** A Deutsche Telekom address: Germany in the bundled database. */
const germanAddress = '80.128.0.1'
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const client = { 'x-forwarded-for': germanAddress, 'user-agent': firefox }

await forEachStack((getApp) => {
  const tag = () => Math.random().toString(36).slice(2, 8)

  async function businessSender(app: TestApp, name = 'Bea Business') {
    const sender = await signUp(app, 'FREE', name)
    await buyWithTestCheckout(app, sender.token, checkoutBody(sender.id, { plan_id: 'business' }))
    return sender
  }

  /**
   * Sends files to one recipient. A download limit makes the S3 stack stream through Ferry (no
   * redirect to the store), so a cut-off download is seen there too.
   */
  async function send(app: TestApp, sender: Sender, files: { name: string; body: Buffer }[], extra = {}) {
    const ana = `ana-${tag()}@example.com`
    const res = await postTransfer(app, sender.token, {
      files: await uploadFiles(app, sender, files),
      recipient_emails: [ana],
      title: 'Analytics',
      max_downloads: 50,
      ...extra,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const mail = (await outbox(app)).find((m) => m.to.includes(ana))!
    const { uniqueId, t } = linkParts(mail.links.find((l) => l.includes('/share/'))!)
    const record = await share(app, uniqueId, { token: sender.token })
    const fileIds = record.body.transfer.files.map((f) => f.file_id)
    return {
      id: res.body.id as string,
      uniqueId,
      t,
      ana,
      fileIds,
      download: `${app.url}/share/${uniqueId}/download?t=${t}`,
    }
  }

  const analyticsOf = (app: TestApp, sender: Sender, id: string) =>
    getJson<TransferAnalytics>(app, `/api/analytics/transfers/${id}`, sender.token)

  /** Reads `bytes` of a response, then drops the connection before the rest arrived. */
  async function cutOff(url: string, headers: Record<string, string>) {
    const abort = new AbortController()
    const res = await fetch(url, { headers, signal: abort.signal })
    expect(res.status).toBeLessThan(300)
    const reader = res.body!.getReader()
    const { value } = await reader.read()
    expect(value!.length).toBeGreaterThan(0)
    abort.abort()
    await reader.cancel().catch(() => undefined)
  }

  async function fetchAll(url: string, headers: Record<string, string>) {
    const res = await fetch(url, { headers })
    const bytes = Buffer.from(await res.arrayBuffer())
    return { status: res.status, bytes }
  }

  describe('the event log of downloads', () => {
    it('counts four ranged requests and a resume of one file as one started and one completed download', async () => {
      const app = getApp()
      const sender = await businessSender(app)
      const body = randomBody(24 * MiB)
      const sent = await send(app, sender, [{ name: 'video.mov', body }])
      const ranges = [
        [0, MiB - 1],
        [MiB, 2 * MiB - 1],
        [2 * MiB, 3 * MiB - 1],
      ]
      for (const [start, end] of ranges) {
        const part = await fetchAll(sent.download, { ...client, range: `bytes=${start}-${end}` })
        expect(part.status).toBe(206)
        expect(part.bytes.equals(body.subarray(start, end! + 1))).toBe(true)
      }
      // The fourth range, to the end, is cut off; the resume fetches the rest.
      await cutOff(sent.download, { ...client, range: `bytes=${3 * MiB}-` })
      await expect
        .poll(async () => (await analyticsOf(app, sender, sent.id)).body.downloads_aborted, { timeout: 10_000 })
        .toBe(1)
      const rest = await fetchAll(sent.download, { ...client, range: `bytes=${20 * MiB}-` })
      expect(rest.status).toBe(206)
      expect(rest.bytes.equals(body.subarray(20 * MiB))).toBe(true)
      await expect
        .poll(async () => (await analyticsOf(app, sender, sent.id)).body.downloads_completed, { timeout: 10_000 })
        .toBe(1)

      const { status, body: analytics } = await analyticsOf(app, sender, sent.id)
      expect(status).toBe(200)
      expect(analytics).toMatchObject({
        transfer_id: sent.id,
        bucket: 'hour',
        downloads_started: 1,
        downloads_completed: 1,
        // Resumed and completed: the cut-off is no abort any more.
        downloads_aborted: 0,
        bytes_delivered: body.length,
        files: [{ file_id: sent.fileIds[0], name: 'video.mov', started: 1, completed: 1 }],
        countries: [{ country: 'DE', downloads: 1 }],
        devices: [{ device: 'desktop', browser: 'Firefox', downloads: 1 }],
      })
      const [ana] = analytics.recipients
      expect(ana).toMatchObject({ email: sent.ana })
      expect(ana!.downloaded_at).not.toBeNull()
      expect(ana!.completed_at).not.toBeNull()
      expect(analytics.over_time.reduce((sum, b) => sum + b.completed, 0)).toBe(1)

      // A later request for a part of the completed file is no new download.
      expect((await fetchAll(sent.download, { ...client, range: `bytes=${MiB}-` })).status).toBe(206)
      const whole = await fetchAll(sent.download, client)
      expect(whole.status).toBe(200)
      // …but a whole new download from the first byte is.
      await expect
        .poll(async () => (await analyticsOf(app, sender, sent.id)).body.downloads_completed, { timeout: 10_000 })
        .toBe(2)
      expect((await analyticsOf(app, sender, sent.id)).body.downloads_started).toBe(2)
    })

    it('shows a download cut off and never resumed as started and aborted, not completed', async () => {
      const app = getApp()
      const sender = await businessSender(app)
      const sent = await send(app, sender, [{ name: 'big.bin', body: randomBody(24 * MiB) }])
      await cutOff(sent.download, client)
      await expect
        .poll(async () => (await analyticsOf(app, sender, sent.id)).body.downloads_aborted, { timeout: 10_000 })
        .toBe(1)
      const { body } = await analyticsOf(app, sender, sent.id)
      expect(body).toMatchObject({ downloads_started: 1, downloads_completed: 0, bytes_delivered: 0 })
      expect(body.recipients[0]!.downloaded_at).not.toBeNull()
      expect(body.recipients[0]!.completed_at).toBeNull()
    })

    it('logs page views, the ZIP and wrong passwords, and forgets addresses after 30 days', async () => {
      const app = getApp()
      const sender = await businessSender(app)
      const sent = await send(
        app,
        sender,
        [
          { name: 'a.txt', body: randomBody(1000) },
          { name: 'b.txt', body: randomBody(2000) },
        ],
        { password: 'correct horse battery' },
      )
      const opened = await app.api(`/api/share/${sent.uniqueId}?t=${sent.t}`, { headers: client })
      expect(opened.status).toBe(401)
      const wrong = await app.api(`/api/share/${sent.uniqueId}/unlock`, {
        method: 'POST',
        headers: { ...client, 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'wrong password here' }),
      })
      expect(wrong.status).toBe(401)
      const unlocked = await app.api(`/api/share/${sent.uniqueId}/unlock`, {
        method: 'POST',
        headers: { ...client, 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'correct horse battery' }),
      })
      expect(unlocked.status).toBe(204)
      const grant = unlocked.headers.get('set-cookie')!.split(';')[0]!
      const page = await app.api(`/api/share/${sent.uniqueId}?t=${sent.t}`, { headers: { ...client, cookie: grant } })
      expect(page.status).toBe(200)
      const zip = await fetchAll(`${sent.download}&as_zip=true`, { ...client, cookie: grant })
      expect(zip.status).toBe(200)
      await expect
        .poll(async () => (await analyticsOf(app, sender, sent.id)).body.downloads_completed, { timeout: 10_000 })
        .toBe(1)
      const { body } = await analyticsOf(app, sender, sent.id)
      expect(body).toMatchObject({ page_views: 1, wrong_passwords: 1, bytes_delivered: 3000 })
      expect(body.files).toEqual([
        { file_id: sent.fileIds[0], name: 'a.txt', started: 0, completed: 0 },
        { file_id: sent.fileIds[1], name: 'b.txt', started: 0, completed: 0 },
        { file_id: null, name: 'Analytics.zip', started: 1, completed: 1 },
      ])
      expect(body.recipients[0]!.opened_at).not.toBeNull()

      const rows = () =>
        app.deps.database.db.select().from(transferEvents).where(eq(transferEvents.transferId, sent.id))
      const stored = await rows()
      expect(stored.length).toBeGreaterThanOrEqual(4)
      // Never the full address: its /24 and a keyed hash, for now.
      expect(JSON.stringify(stored)).not.toContain(germanAddress)
      expect(stored.every((r) => r.addressPrefix === '80.128.0.0/24' && /^[0-9a-f]{64}$/.test(r.addressHash!))).toBe(
        true,
      )

      const [forget] = analyticsJobs(app.deps, app.services.analytics)
      await forget!.run()
      expect((await rows()).every((r) => r.addressHash !== null)).toBe(true)
      clock.advance(31 * day)
      await forget!.run()
      const after = await rows()
      expect(after).toHaveLength(stored.length)
      expect(after.every((r) => r.addressPrefix === null && r.addressHash === null)).toBe(true)
      expect(after.every((r) => r.country === 'DE')).toBe(true)
    })
  })

  describe('who may read analytics', () => {
    it('answers 401 signed out, 403 plan_feature_missing on Pro, 404 for another sender, 200 on Business', async () => {
      const app = getApp()
      const owner = await businessSender(app)
      const sent = await send(app, owner, [{ name: 'x.bin', body: randomBody(100) }])
      const paths = [
        `/api/analytics/transfers/${sent.id}`,
        `/api/analytics/transfers/${sent.id}/events.csv`,
        '/api/analytics/summary',
        '/api/analytics/events.csv',
      ]
      const pro = await signUp(app, 'PREMIUM', 'Pat Pro')
      const other = await businessSender(app, 'Oli Other')
      for (const path of paths) {
        expect((await app.api(path)).status, path).toBe(401)
        const refused = await app.api(path, { headers: bearer(pro.token) })
        expect(refused.status, path).toBe(403)
        expect(((await refused.json()) as { code: string }).code).toBe('plan_feature_missing')
        expect((await app.api(path, { headers: bearer(owner.token) })).status, path).toBe(200)
      }
      expect((await app.api(paths[0]!, { headers: bearer(other.token) })).status).toBe(404)
      expect((await app.api(paths[1]!, { headers: bearer(other.token) })).status).toBe(404)
      expect((await app.api('/api/analytics/transfers/not-a-uuid', { headers: bearer(owner.token) })).status).toBe(404)
    })
  })

  describe('CSV export and the account panel', () => {
    it('streams the events as CSV with formula cells neutralised', async () => {
      const app = getApp()
      const sender = await businessSender(app)
      const name = '=HYPERLINK("http://evil.example","x").txt'
      const sent = await send(app, sender, [{ name, body: randomBody(500) }])
      expect((await fetchAll(sent.download, client)).status).toBe(200)
      await expect
        .poll(async () => (await analyticsOf(app, sender, sent.id)).body.downloads_completed, { timeout: 10_000 })
        .toBe(1)
      const res = await app.api(`/api/analytics/transfers/${sent.id}/events.csv`, { headers: bearer(sender.token) })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      const text = await res.text()
      const lines = text.split('\r\n')
      expect(lines[0]).toBe(
        'occurred_at,transfer_id,transfer_title,kind,protocol,file_id,file_name,recipient_email,bytes,duration_ms,device,browser,country',
      )
      const completed = lines.find((l) => l.includes(',download_completed,'))!
      expect(completed).toContain(`"'=HYPERLINK(""http://evil.example"",""x"").txt"`)
      expect(completed).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,/)
      expect(completed).toContain(`,${sent.ana},500,`)
      expect(completed).toContain(',desktop,Firefox,DE')
      expect(text).not.toContain(germanAddress)
      expect(text.endsWith('\r\n')).toBe(true)
    })

    it("sums the account's period: transfers sent, recipients reached, downloads and bytes", async () => {
      const app = getApp()
      const sender = await businessSender(app)
      const first = await send(app, sender, [{ name: 'one.bin', body: randomBody(1000) }])
      const second = await send(app, sender, [{ name: 'two.bin', body: randomBody(3000) }])
      for (const url of [first.download, second.download, second.download]) {
        // Two downloads of the second transfer from two different clients.
        const headers = url === first.download ? client : { ...client, 'user-agent': `curl/8.${tag()}` }
        expect((await fetchAll(url, headers)).status).toBe(200)
      }
      await fetchAll(second.download, { ...client, 'user-agent': 'curl/7.0' })
      const summary = () => getJson<AnalyticsSummary>(app, '/api/analytics/summary', sender.token)
      await expect.poll(async () => (await summary()).body.downloads_completed, { timeout: 10_000 }).toBe(4)
      const { body } = await summary()
      expect(body).toMatchObject({
        bucket: 'day',
        transfers_sent: 2,
        recipients_reached: 2,
        downloads_completed: 4,
        bytes_delivered: 1000 + 3 * 3000,
        countries: [{ country: 'DE', downloads: 4 }],
      })
      expect(body.over_time).toHaveLength(31)
      expect(body.over_time.reduce((sum, b) => sum + b.downloads_completed, 0)).toBe(4)
      expect(body.over_time.reduce((sum, b) => sum + b.transfers_sent, 0)).toBe(2)
      expect(body.busiest_transfers.map((t) => [t.transfer_id, t.downloads_completed])).toEqual([
        [second.id, 3],
        [first.id, 1],
      ])
      expect(body.devices).toEqual([
        { device: 'desktop', browser: 'curl', downloads: 3 },
        { device: 'desktop', browser: 'Firefox', downloads: 1 },
      ])

      const today = clock.now().toISOString().slice(0, 10)
      const oneDay = await getJson<AnalyticsSummary>(
        app,
        `/api/analytics/summary?from=${today}&to=${today}`,
        sender.token,
      )
      expect(oneDay.body).toMatchObject({ bucket: 'hour', downloads_completed: 4 })
      expect(oneDay.body.over_time).toHaveLength(24)
      const csv = await app.api(`/api/analytics/events.csv?from=${today}&to=${today}`, {
        headers: bearer(sender.token),
      })
      expect(csv.status).toBe(200)
      expect((await csv.text()).split('\r\n').filter((l) => l.includes(',download_completed,'))).toHaveLength(4)

      for (const query of ['from=2026-05-02&to=2026-05-01', 'from=2020-01-01&to=2026-01-01', 'from=soon']) {
        for (const path of ['/api/analytics/summary', '/api/analytics/events.csv']) {
          const refused = await app.api(`${path}?${query}`, { headers: bearer(sender.token) })
          expect(refused.status, `${path}?${query}`).toBe(422)
          expect(await refused.json()).toMatchObject({ code: 'analytics_period_invalid', detail: expect.any(String) })
        }
      }
    })
  })
}, authStacks({ clock }))
