import { randomUUID } from 'node:crypto'
import type { DataRoomLog, DataRoomView } from '@ferry/contracts/api/data-room'
import type { ShareResponse } from '@ferry/contracts/api/transfers'
import { eq } from 'drizzle-orm'
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib'
import sharp from 'sharp'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { appJobHandlers } from '../../../app.js'
import { transferRecipients } from '../../../db/schema/index.js'
import { type JobWorker, startJobWorker } from '../../../jobs/job-worker.js'
import { loadOrCreateSecret } from '../../../secrets/secrets.js'
import { forEachStack, type TestApp, testStacks } from '../../../testing/test-app.js'
import { bearer } from '../../auth/testing/auth-test-kit.js'
import { verify } from '../access/testing/verification-test-kit.js'
import { sftpPassword, sftpUsername } from '../sftp/sftp-credentials.js'
import { postTransfer, signUp, transferRow, uploadFiles } from '../testing/transfers-test-kit.js'
import { enterpriseSender, json, patchTransfer, sendRoom, tag } from './testing/data-room-test-kit.js'

// Issue 19 item 3, the clean data room over real HTTP: recipients get watermarked page images,
// never the bytes; every byte path refuses them; the sender reads the log and revokes.

const stacks = testStacks.map((stack) => ({
  ...stack,
  env: {
    ...stack.env,
    AUTH_RATE_LIMIT_PER_IP: '10000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '10000',
    REDIS_KEY_PREFIX: `test-${randomUUID()}:`,
  },
}))
const quiet = { info() {}, error() {} }

/** A real 3-page PDF with author and title set, as a sender's document would have. */
async function fixturePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create()
  doc.setTitle('Secret merger plan')
  doc.setAuthor('Original Author')
  doc.setProducer('Original Producer')
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let i = 1; i <= 3; i++)
    doc.addPage([595, 842]).drawText(`Page ${i} of the plan`, { x: 50, y: 760, size: 28, font })
  return Buffer.from(await doc.save())
}

/** A PNG with EXIF (the camera's make), which nothing a viewer gets may carry. */
const fixturePng = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 220, b: 240 } } })
    .png()
    .withExif({ IFD0: { Make: 'SecretCam', Artist: 'Original Author' } })
    .toBuffer()

const contains = (haystack: Buffer, needle: Buffer) => haystack.indexOf(needle) !== -1

await forEachStack((getApp) => {
  let worker: JobWorker | undefined
  afterEach(async () => {
    await worker?.stop()
    worker = undefined
  })
  async function runJobs(app: TestApp) {
    worker ??= startJobWorker(
      { queue: app.services.jobQueue, clock: app.deps.clock, logger: quiet },
      appJobHandlers(app.deps, app.services),
    )
    await worker.drain()
  }

  let pdf: Buffer
  let png: Buffer
  beforeAll(async () => {
    pdf = await fixturePdf()
    png = await fixturePng()
  })

  /** A data room with a PDF, an image (named like a formula) and a type it cannot show, for two recipients. */
  async function room(app: TestApp, extra: Record<string, unknown> = { data_room_pdf_download: true }) {
    const sender = await enterpriseSender(app)
    const rita = `rita-${tag()}@example.com`
    const sam = `sam-${tag()}@example.com`
    const made = await sendRoom(
      app,
      sender,
      [
        { name: 'plan.pdf', body: pdf, type: 'application/pdf' },
        { name: '=cmd.png', body: png, type: 'image/png' },
        { name: 'notes.bin', body: Buffer.from('just bytes, no type'), type: 'application/octet-stream' },
      ],
      [rita, sam],
      extra,
    )
    await runJobs(app)
    const ritaGrant = await verify(app, made.uniqueId, rita)
    const samGrant = await verify(app, made.uniqueId, sam)
    const shared = await app.api(`/api/share/${made.uniqueId}`, { headers: { 'x-ferry-grant': ritaGrant } })
    expect(shared.status).toBe(200)
    const body = (await shared.json()) as ShareResponse
    const [pdfFile, pngFile, binFile] = body.transfer.files
    return {
      sender,
      rita,
      sam,
      ritaGrant,
      samGrant,
      share: body,
      pdfFile: pdfFile!,
      pngFile: pngFile!,
      binFile: binFile!,
      ...made,
    }
  }

  const startView = (app: TestApp, uniqueId: string, fileId: string, grant: string) =>
    app.api(`/api/share/${uniqueId}/room/files/${fileId}/views`, {
      method: 'POST',
      headers: { 'x-ferry-grant': grant },
    })
  const pageOf = (app: TestApp, uniqueId: string, viewId: string, n: number, grant?: string) =>
    app.api(
      `/api/share/${uniqueId}/room/views/${viewId}/pages/${n}`,
      grant ? { headers: { 'x-ferry-grant': grant } } : {},
    )
  /** The status, with the body read: an unread body would keep the connection (and the server) open. */
  const statusOf = async (pending: Promise<Response>) => {
    const res = await pending
    await res.arrayBuffer()
    return res.status
  }
  const codeOf = async (res: Response) => ((await res.json()) as { code?: string }).code

  async function view(app: TestApp, uniqueId: string, fileId: string, grant: string) {
    const res = await startView(app, uniqueId, fileId, grant)
    expect(res.status, await res.clone().text()).toBe(201)
    return (await res.json()) as DataRoomView
  }

  describe('the clean data room', () => {
    it('shows each viewer watermarked WebP pages that differ between viewers and never carry the original', async () => {
      const app = getApp()
      const r = await room(app)
      expect(r.share.transfer).toMatchObject({ clean_data_room: true, data_room_pdf_download: true })
      expect(r.share.download_url).toBeNull()
      expect(r.pdfFile).toMatchObject({
        data_room_status: 'ready',
        data_room_pages: 3,
        preview_url: null,
        thumbnail_url: null,
      })
      expect(r.pngFile).toMatchObject({ data_room_status: 'ready', data_room_pages: 1 })
      expect(r.binFile).toMatchObject({ data_room_status: 'unsupported', data_room_pages: null })

      const ritaView = await view(app, r.uniqueId, r.pdfFile.file_id, r.ritaGrant)
      expect(ritaView.view_id).toMatch(/^[A-Z2-7]{8}$/)
      expect(ritaView).toMatchObject({ pages: 3, page_width: 1600 })
      const samView = await view(app, r.uniqueId, r.pdfFile.file_id, r.samGrant)
      expect(samView.view_id).not.toBe(ritaView.view_id)

      const started = performance.now()
      const ritaPage = await pageOf(app, r.uniqueId, ritaView.view_id, 2, r.ritaGrant)
      const ms = performance.now() - started
      expect(ritaPage.status).toBe(200)
      expect(ritaPage.headers.get('content-type')).toBe('image/webp')
      expect(ritaPage.headers.get('cache-control')).toBe('no-store')
      expect(ritaPage.headers.get('x-content-type-options')).toBe('nosniff')
      const ritaBytes = Buffer.from(await ritaPage.arrayBuffer())
      const samBytes = Buffer.from(await (await pageOf(app, r.uniqueId, samView.view_id, 2, r.samGrant)).arrayBuffer())
      // A page request (grant, log row, composite, WebP at 1600 px) stays interactive (about 0.1 s on an idle
      // core; the bound leaves room for a loaded CI machine).
      expect(ms).toBeLessThan(5000)

      const [ritaPixels, samPixels] = await Promise.all(
        [ritaBytes, samBytes].map((b) => sharp(b).raw().toBuffer({ resolveWithObject: true })),
      )
      expect(ritaPixels!.info.width).toBe(1600)
      expect(ritaPixels!.data.equals(samPixels!.data)).toBe(false)
      for (const bytes of [ritaBytes, samBytes]) {
        expect(contains(bytes, Buffer.from('%PDF'))).toBe(false)
        expect(contains(bytes, pdf.subarray(0, 64))).toBe(false)
        const meta = await sharp(bytes).metadata()
        expect(meta.format).toBe('webp')
        expect(meta.exif).toBeUndefined()
        expect(meta.xmp).toBeUndefined()
      }

      // The image: one page, its EXIF gone.
      const imageView = await view(app, r.uniqueId, r.pngFile.file_id, r.ritaGrant)
      const imagePage = Buffer.from(
        await (await pageOf(app, r.uniqueId, imageView.view_id, 1, r.ritaGrant)).arrayBuffer(),
      )
      expect(contains(imagePage, Buffer.from('SecretCam'))).toBe(false)
      expect(contains(imagePage, png.subarray(0, 32))).toBe(false)
      expect((await sharp(imagePage).metadata()).exif).toBeUndefined()

      // Past the last page, another's view, no grant, a type it cannot show.
      expect(await codeOf(await pageOf(app, r.uniqueId, ritaView.view_id, 4, r.ritaGrant))).toBe(
        'data_room_page_not_found',
      )
      expect(await codeOf(await pageOf(app, r.uniqueId, samView.view_id, 1, r.ritaGrant))).toBe(
        'data_room_view_not_found',
      )
      const anonymous = await pageOf(app, r.uniqueId, ritaView.view_id, 1)
      expect(anonymous.status).toBe(401)
      expect(await codeOf(anonymous)).toBe('verification_required')
      const unsupported = await startView(app, r.uniqueId, r.binFile.file_id, r.ritaGrant)
      expect(unsupported.status).toBe(415)
      expect(await codeOf(unsupported)).toBe('data_room_unsupported')
    })

    it('refuses every byte path to a viewer with 403 data_room_view_only; the sender still downloads', async () => {
      const app = getApp()
      const r = await room(app)
      const g = { 'x-ferry-grant': r.ritaGrant }
      const key = encodeURIComponent(r.pdfFile.file_key)
      const paths = [
        `/share/${r.uniqueId}/download?file_key=${key}`,
        `/share/${r.uniqueId}/download?as_zip=true`,
        `/share/${r.uniqueId}/download`,
        `/api/share/${r.uniqueId}/files/${r.pdfFile.file_id}/preview`,
        `/api/share/${r.uniqueId}/files/${r.pdfFile.file_id}/preview?size=screen`,
        `/api/share/${r.uniqueId}/files/${r.pngFile.file_id}/thumbnail`,
      ]
      for (const path of paths) {
        for (const method of ['GET', 'HEAD']) {
          const res = await app.api(path, { method, headers: { ...g, range: 'bytes=0-99' } })
          expect(res.status, `${method} ${path}`).toBe(403)
          const body = Buffer.from(await res.arrayBuffer())
          expect(contains(body, Buffer.from('%PDF'))).toBe(false)
          if (method === 'GET') expect(JSON.parse(body.toString()).code, path).toBe('data_room_view_only')
        }
      }
      // SFTP: the transfer's shared password opens nothing (the sender's own SSH keys still do).
      const transfer = await transferRow(app, r.id)
      const recipients = await app.deps.database.db
        .select()
        .from(transferRecipients)
        .where(eq(transferRecipients.transferId, r.id))
      const secret = await loadOrCreateSecret(app.deps.database.db, 'sftp-credentials')
      const password = sftpPassword(secret, transfer!, recipients)
      const username = sftpUsername({ uniqueId: r.uniqueId })
      expect(await app.services.sftp.login(username, password, '10.9.9.9')).toBeNull()
      // The same login opens once the room is off: it was the room that refused it.
      expect((await patchTransfer(app, r.sender, r.id, { clean_data_room: false })).status).toBe(200)
      expect(await app.services.sftp.login(username, password, '10.9.9.9')).not.toBeNull()
      expect((await patchTransfer(app, r.sender, r.id, { clean_data_room: true })).status).toBe(200)
      // The sender downloads as always.
      const own = await app.api(`/share/${r.uniqueId}/download?file_key=${key}`, { headers: bearer(r.sender.token) })
      expect(own.status).toBe(200)
      expect(Buffer.from(await own.arrayBuffer()).equals(pdf)).toBe(true)
    })
    it('revoking a viewer fails their next page request with 403 viewer_revoked; restoring lets them back', async () => {
      const app = getApp()
      const r = await room(app)
      const ritaView = await view(app, r.uniqueId, r.pdfFile.file_id, r.ritaGrant)
      expect(await statusOf(pageOf(app, r.uniqueId, ritaView.view_id, 1, r.ritaGrant))).toBe(200)
      const log = await app.api(`/api/transfers/${r.id}/room/log`, { headers: bearer(r.sender.token) })
      const rita = ((await log.json()) as DataRoomLog).viewers.find((v) => v.email === r.rita)!
      const revokePath = `/api/transfers/${r.id}/room/viewers/${rita.recipient_id}/revoke`
      // Only the owner: 401 without a login, 404 for another sender.
      expect(await statusOf(app.api(revokePath, { method: 'POST' }))).toBe(401)
      const other = await enterpriseSender(app, 'Otto Other')
      expect(await statusOf(app.api(revokePath, { method: 'POST', headers: bearer(other.token) }))).toBe(404)

      expect(await statusOf(app.api(revokePath, { method: 'POST', headers: bearer(r.sender.token) }))).toBe(204)
      const refused = await pageOf(app, r.uniqueId, ritaView.view_id, 2, r.ritaGrant)
      expect(refused.status).toBe(403)
      expect(await codeOf(refused)).toBe('viewer_revoked')
      expect(await codeOf(await startView(app, r.uniqueId, r.pdfFile.file_id, r.ritaGrant))).toBe('viewer_revoked')
      // Sam is not touched.
      const samView = await view(app, r.uniqueId, r.pdfFile.file_id, r.samGrant)
      expect(await statusOf(pageOf(app, r.uniqueId, samView.view_id, 1, r.samGrant))).toBe(200)

      const after = (await (
        await app.api(`/api/transfers/${r.id}/room/log`, { headers: bearer(r.sender.token) })
      ).json()) as DataRoomLog
      expect(after.viewers.find((v) => v.email === r.rita)!.revoked_at).not.toBeNull()
      expect(await statusOf(app.api(revokePath, { method: 'DELETE', headers: bearer(r.sender.token) }))).toBe(204)
      expect(await statusOf(pageOf(app, r.uniqueId, ritaView.view_id, 2, r.ritaGrant))).toBe(200)
    })

    it('logs every page with its time on screen, newest first, paged, and as CSV with formulas neutralised', async () => {
      const app = getApp()
      const r = await room(app)
      const v = await view(app, r.uniqueId, r.pngFile.file_id, r.ritaGrant)
      const p = await view(app, r.uniqueId, r.pdfFile.file_id, r.samGrant)
      for (const n of [1, 2, 1]) expect(await statusOf(pageOf(app, r.uniqueId, p.view_id, n, r.samGrant))).toBe(200)
      expect(await statusOf(pageOf(app, r.uniqueId, v.view_id, 1, r.ritaGrant))).toBe(200)
      const seenPath = `/api/share/${r.uniqueId}/room/views/${v.view_id}/pages/1/seen`
      const seen = await app.api(seenPath, json('POST', { duration_ms: 4200 }, { 'x-ferry-grant': r.ritaGrant }))
      expect(seen.status).toBe(204)
      const bad = await app.api(seenPath, json('POST', { duration_ms: -1 }, { 'x-ferry-grant': r.ritaGrant }))
      expect(bad.status).toBe(400)

      const res = await app.api(`/api/transfers/${r.id}/room/log`, { headers: bearer(r.sender.token) })
      expect(res.status, await res.clone().text()).toBe(200)
      const log = (await res.json()) as DataRoomLog
      expect(log.entries.map((e) => [e.email, e.page, e.action])).toEqual([
        [r.rita, 1, 'page'],
        [r.sam, 1, 'page'],
        [r.sam, 2, 'page'],
        [r.sam, 1, 'page'],
      ])
      expect(log.entries[0]).toMatchObject({
        file_id: r.pngFile.file_id,
        file_name: '=cmd.png',
        view_id: v.view_id,
        duration_ms: 4200,
      })
      expect(log.entries[1]!.duration_ms).toBeNull()
      expect(log.viewers.find((x) => x.email === r.sam)).toMatchObject({ pages_viewed: 3, revoked_at: null })
      expect(log.viewers.find((x) => x.email === r.rita)!.last_seen_at).not.toBeNull()
      expect(log.next_before).toBeNull()

      const first = (await (
        await app.api(`/api/transfers/${r.id}/room/log?limit=3`, { headers: bearer(r.sender.token) })
      ).json()) as DataRoomLog
      expect(first.entries).toHaveLength(3)
      const rest = (await (
        await app.api(`/api/transfers/${r.id}/room/log?limit=3&before=${first.next_before}`, {
          headers: bearer(r.sender.token),
        })
      ).json()) as DataRoomLog
      expect(rest.entries.map((e) => [e.email, e.page])).toEqual([[r.sam, 1]])
      expect(rest.next_before).toBeNull()

      const csv = await app.api(`/api/transfers/${r.id}/room/log.csv`, { headers: bearer(r.sender.token) })
      expect(csv.status).toBe(200)
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      const text = await csv.text()
      const lines = text.replace(/^\uFEFF/, '').split('\r\n')
      expect(lines[0]).toBe('at,action,email,recipient_id,file_id,file_name,page,view_id,duration_ms')
      expect(lines[1]).toMatch(
        new RegExp(
          `^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,page,${r.rita.replace('.', '\\.')},[0-9a-f-]{36},${r.pngFile.file_id},'=cmd.png,1,${v.view_id},4200$`,
        ),
      )
      expect(lines).toHaveLength(6)
      expect(lines[5]).toBe('')

      // The sender's routes: 401 without login, 404 for another's, 403 without the plan flag.
      expect(await statusOf(app.api(`/api/transfers/${r.id}/room/log`))).toBe(401)
      const other = await enterpriseSender(app, 'Otto Other')
      expect(await statusOf(app.api(`/api/transfers/${r.id}/room/log.csv`, { headers: bearer(other.token) }))).toBe(404)
      const business = await signUp(app, 'PREMIUM')
      const files = await uploadFiles(app, business, [{ name: 'a.pdf', body: pdf }])
      const made = await postTransfer(app, business.token, { files, recipient_emails: [`x-${tag()}@example.com`] })
      const noFlag = await app.api(`/api/transfers/${made.body.id}/room/log`, { headers: bearer(business.token) })
      expect(noFlag.status).toBe(403)
      expect(await codeOf(noFlag)).toBe('plan_feature_missing')
    })

    it('sends a watermarked PDF without metadata, different per recipient, only when the sender allows it', async () => {
      const app = getApp()
      const r = await room(app)
      const pdfPath = (fileId: string) => `/api/share/${r.uniqueId}/room/files/${fileId}/watermarked.pdf`
      const ritaRes = await app.api(pdfPath(r.pdfFile.file_id), { headers: { 'x-ferry-grant': r.ritaGrant } })
      expect(ritaRes.status).toBe(200)
      expect(ritaRes.headers.get('content-type')).toBe('application/pdf')
      expect(ritaRes.headers.get('cache-control')).toBe('no-store')
      const ritaPdf = Buffer.from(await ritaRes.arrayBuffer())
      const samPdf = Buffer.from(
        await (await app.api(pdfPath(r.pdfFile.file_id), { headers: { 'x-ferry-grant': r.samGrant } })).arrayBuffer(),
      )
      expect(ritaPdf.equals(pdf)).toBe(false)
      expect(ritaPdf.equals(samPdf)).toBe(false)
      for (const bytes of [ritaPdf, samPdf]) {
        expect(contains(bytes, Buffer.from('Original Author'))).toBe(false)
        expect(contains(bytes, Buffer.from('Secret merger plan'))).toBe(false)
        expect(contains(bytes, Buffer.from('Original Producer'))).toBe(false)
        const doc = await PDFDocument.load(bytes, { updateMetadata: false })
        expect(doc.getPageCount()).toBe(3)
        expect(doc.getTitle()).toBeUndefined()
        expect(doc.getAuthor()).toBeUndefined()
        expect(doc.getProducer()).toBeUndefined()
        expect(doc.getCreator()).toBeUndefined()
        expect(doc.catalog.get(PDFName.of('Metadata'))).toBeUndefined()
      }
      // An image as a one-page PDF.
      const image = await app.api(pdfPath(r.pngFile.file_id), { headers: { 'x-ferry-grant': r.ritaGrant } })
      expect(image.status).toBe(200)
      const imageDoc = await PDFDocument.load(Buffer.from(await image.arrayBuffer()))
      expect(imageDoc.getPageCount()).toBe(1)
      const log = (await (
        await app.api(`/api/transfers/${r.id}/room/log`, { headers: bearer(r.sender.token) })
      ).json()) as DataRoomLog
      expect(log.entries.filter((e) => e.action === 'pdf')).toHaveLength(3)

      expect((await patchTransfer(app, r.sender, r.id, { data_room_pdf_download: false })).status).toBe(200)
      const off = await app.api(pdfPath(r.pdfFile.file_id), { headers: { 'x-ferry-grant': r.ritaGrant } })
      expect(off.status).toBe(403)
      expect(await codeOf(off)).toBe('data_room_view_only')
    })
  })
}, stacks)
