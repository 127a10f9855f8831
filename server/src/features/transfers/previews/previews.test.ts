import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { fileDownloads } from '../../../db/schema/index.js'
import { forEachStack, type TestApp } from '../../../testing/test-app.js'
import { downloadCount, signUp, transferRow, uploadFiles } from '../testing/transfers-test-kit.js'
import { getPath, jobRunner, sendFiles, shareFiles } from './testing/previews-test-kit.js'

// Issue 19: previews made by the job queue after upload, and the preview endpoint.

const MiB = 1024 * 1024

/** A 40×20 JPEG whose EXIF says "rotate 90°" and carries a camera owner's name. */
const orientedJpeg = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#c00' } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Artist: 'Secret Owner' } } })
    .toBuffer()
const image = (format: 'png' | 'webp' | 'gif' | 'avif' | 'tiff', width = 2400, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: '#0a6' } })
    .toFormat(format)
    .toBuffer()

/** An MP4's first box (ftyp, brand mp42) and then noise: detected as video/mp4 from its bytes. */
function fakeMp4(size: number): Buffer {
  const body = randomBytes(size)
  Buffer.from('00000018667479706d70343200000000' + '6d703432' + '69736f6d', 'hex').copy(body, 0)
  return body
}

const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="9" height="9"/></svg>',
)

await forEachStack((getApp) => {
  const jobs = jobRunner()
  afterEach(() => jobs.stop())
  const runJobs = (app: TestApp) => jobs.run(app)
  const send = sendFiles
  const filesOf = shareFiles
  const get = getPath

  it('makes thumbnails and screen renditions of images after upload, EXIF applied and stripped, stored beside the file', async () => {
    const app = getApp()
    const sender = await signUp(app, 'PREMIUM')
    const sources = [
      { name: 'photo.jpg', body: await orientedJpeg() },
      { name: 'wide.png', body: await image('png') },
      { name: 'a.webp', body: await image('webp', 300, 200) },
      { name: 'b.gif', body: await image('gif', 300, 200) },
      { name: 'c.avif', body: await image('avif', 300, 200) },
      { name: 'scan.tiff', body: await image('tiff', 300, 200) },
    ]
    const { uniqueId } = await send(app, sender, sources)
    const before = await filesOf(app, uniqueId)
    expect(before.every((f) => f.thumbnail_url === null)).toBe(true)

    await runJobs(app)
    const files = await filesOf(app, uniqueId)
    for (const file of files) {
      expect(file.thumbnail_url, file.file_name).toBe(`/api/share/${uniqueId}/files/${file.file_id}/thumbnail`)
      expect(file.preview_url, file.file_name).toBe(`/api/share/${uniqueId}/files/${file.file_id}/preview`)
      expect(file.preview_kind, file.file_name).toBe('image')
      // Beside the file in the store (local disk or S3).
      expect(await app.deps.blobs.stat(`${file.file_key}.thumbnail.webp`), file.file_name).toMatchObject({
        contentType: 'image/webp',
      })
      const thumb = await get(app, file.thumbnail_url!)
      expect(thumb.status).toBe(200)
      expect(thumb.headers.get('content-type')).toBe('image/webp')
      const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()
      expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(320)
      expect(meta.exif).toBeUndefined()
    }

    const photo = files.find((f) => f.file_name === 'photo.jpg')!
    const rotated = await sharp(Buffer.from(await (await get(app, photo.thumbnail_url!)).arrayBuffer())).metadata()
    expect([rotated.width, rotated.height]).toEqual([20, 40])
    const screen = await get(app, `${photo.preview_url}?size=screen`)
    const screenBytes = Buffer.from(await screen.arrayBuffer())
    expect(screenBytes.includes(Buffer.from('Secret Owner'))).toBe(false)

    const wide = files.find((f) => f.file_name === 'wide.png')!
    const wideScreen = await sharp(
      Buffer.from(await (await get(app, `${wide.preview_url}?size=screen`)).arrayBuffer()),
    ).metadata()
    expect([wideScreen.width, wideScreen.height, wideScreen.format]).toEqual([1600, 800, 'webp'])
  })

  it('serves a file for viewing with the type read from its bytes, nosniff and a sandbox, and Range in the middle of a large file', async () => {
    const app = getApp()
    const sender = await signUp(app, 'PREMIUM')
    const video = fakeMp4(24 * MiB + 123)
    const { id, uniqueId } = await send(app, sender, [
      { name: 'clip.mp4', body: video, type: 'video/mp4' },
      // Named and declared as an image: served as what its bytes are.
      { name: 'page.png', body: Buffer.from('<!doctype html><script>alert(1)</script>'), type: 'image/png' },
      { name: 'logo.svg', body: svgWithScript, type: 'image/svg+xml' },
    ])
    const [clip, page, logo] = await filesOf(app, uniqueId)
    expect(clip!.preview_kind).toBe('video')

    const start = 13 * MiB + 4321
    const ranged = await get(app, clip!.preview_url!, { range: `bytes=${start}-${start + 999}` })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toBe(`bytes ${start}-${start + 999}/${video.length}`)
    expect(ranged.headers.get('content-type')).toBe('video/mp4')
    expect(ranged.headers.get('x-content-type-options')).toBe('nosniff')
    expect(ranged.headers.get('content-security-policy')).toMatch(/^sandbox;/)
    expect(ranged.headers.get('content-disposition')).toMatch(/^inline;/)
    expect(Buffer.from(await ranged.arrayBuffer()).equals(video.subarray(start, start + 1000))).toBe(true)

    // If-Range naming another version: the whole file, not a range of it (read as a stream, then dropped).
    const stale = await get(app, clip!.preview_url!, { range: 'bytes=0-9', 'if-range': '"another-version"' })
    expect(stale.status).toBe(200)
    expect(stale.headers.get('content-length')).toBe(String(video.length))
    await stale.body?.cancel()
    const current = await get(app, clip!.preview_url!, { range: 'bytes=0-9', 'if-range': ranged.headers.get('etag')! })
    expect(current.status).toBe(206)
    await current.arrayBuffer()
    const past = await get(app, clip!.preview_url!, { range: `bytes=${video.length}-` })
    expect(past.status).toBe(416)

    const html = await get(app, page!.preview_url!)
    expect(html.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(page!.preview_kind).toBe('image')
    const svg = await get(app, logo!.preview_url!)
    expect(svg.headers.get('content-type')).toBe('image/svg+xml')
    expect(svg.headers.get('content-security-policy')).toMatch(/^sandbox;/)
    expect(await svg.text()).toBe(svgWithScript.toString())

    // A view is never a download: no count, no recipient's download status.
    expect(await downloadCount(app, id)).toBe(0)
    const rows = await app.deps.database.db.select().from(fileDownloads)
    expect(rows.filter((r) => [clip, page, logo].some((f) => f!.file_id === r.fileId))).toEqual([])
  })

  it("gives a Free sender's transfer no previews: null urls, and the endpoints answer 403 plan_feature_missing", async () => {
    const app = getApp()
    const sender = await signUp(app, 'FREE')
    const { uniqueId } = await send(app, sender, [{ name: 'photo.png', body: await image('png', 50, 50) }])
    await runJobs(app)
    const [file] = await filesOf(app, uniqueId)
    expect(file).toMatchObject({ preview_url: null, thumbnail_url: null, preview_kind: null })
    for (const path of ['preview', 'thumbnail']) {
      const res = await get(app, `/api/share/${uniqueId}/files/${file!.file_id}/${path}`)
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({ code: 'plan_feature_missing' })
    }
  })

  it("honours the transfer's password like a download: 401 without the grant, the bytes with it", async () => {
    const app = getApp()
    const sender = await signUp(app, 'PREMIUM')
    const body = Buffer.from('name,amount\nAna,12\n')
    const { uniqueId } = await send(app, sender, [{ name: 'sums.csv', body, type: 'text/csv' }], {
      password: 'correct horse battery staple',
    })
    const row = await transferRow(
      app,
      (await app.deps.database.db.query.transfers.findFirst({ where: (t, { eq }) => eq(t.uniqueId, uniqueId) }))!.id,
    )
    const fileId = (await app.deps.database.db.query.transferFiles.findFirst({
      where: (f, { eq }) => eq(f.transferId, row!.id),
    }))!.id
    const path = `/api/share/${uniqueId}/files/${fileId}/preview`
    const locked = await get(app, path)
    expect(locked.status).toBe(401)
    expect(await locked.json()).toMatchObject({ code: 'password_required' })
    const unlock = await app.api(`/api/share/${uniqueId}/unlock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'correct horse battery staple' }),
    })
    expect(unlock.status).toBe(204)
    const open = await get(app, path, { 'x-ferry-grant': unlock.headers.get('x-ferry-grant')! })
    expect(open.status).toBe(200)
    expect(open.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await open.text()).toBe(body.toString())
    const unknown = await get(app, `/api/share/${uniqueId}/files/${crypto.randomUUID()}/preview`, {
      'x-ferry-grant': unlock.headers.get('x-ferry-grant')!,
    })
    expect(unknown.status).toBe(404)
  })

  it('makes previews of files added after sending, and removes them with a removed file', async () => {
    const app = getApp()
    const sender = await signUp(app, 'PREMIUM')
    const { id, uniqueId } = await send(app, sender, [{ name: 'first.txt', body: Buffer.from('first') }])
    const records = await uploadFiles(app, sender, [{ name: 'later.png', body: await image('png', 64, 64) }])
    const added = await app.api(`/api/transfers/${id}/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ files: records }),
    })
    expect(added.status, await added.clone().text()).toBeLessThan(300)
    await runJobs(app)
    const later = (await filesOf(app, uniqueId)).find((f) => f.file_name === 'later.png')!
    expect(later.thumbnail_url).not.toBeNull()
    const thumbKey = `${later.file_key}.thumbnail.webp`
    expect(await app.deps.blobs.stat(thumbKey)).not.toBeNull()
    const removed = await app.api(`/api/transfers/${id}/files/${later.file_id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${sender.token}` },
    })
    expect(removed.status).toBeLessThan(300)
    expect(await app.deps.blobs.stat(thumbKey)).toBeNull()
  })

  describe('when the transfer is purged', () => {
    it('deletes the derivatives with the files', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM')
      const { id, uniqueId } = await send(app, sender, [{ name: 'p.png', body: await image('png', 64, 64) }])
      await runJobs(app)
      const [file] = await filesOf(app, uniqueId)
      const del = await app.api(`/api/transfers/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${sender.token}` },
      })
      expect(del.status).toBeLessThan(300)
      await expect.poll(async () => (await app.deps.blobs.stat(`${file!.file_key}.thumbnail.webp`)) === null).toBe(true)
    })
  })
})
