import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { queuedJobs } from '../../../db/schema/index.js'
import { servicesRequired } from '../../../testing/services.js'
import { forEachStack, type TestApp } from '../../../testing/test-app.js'
import { countOneMore, signUp } from '../testing/transfers-test-kit.js'
import { derivativesHandler, derivativesKind } from './derivatives.job.js'
import { makePdf } from './testing/pdf-fixture.js'
import { getPath, jobRunner, sendFiles, shareFiles } from './testing/previews-test-kit.js'
import { findPreviewTools } from './tools/preview-tools.js'

// Issue 19 item 1: derivatives beyond images, made with the tools installed here (pdftoppm,
// ffmpeg, LibreOffice; scripts/ensure-services.sh installs them), on local disk and on S3.

const tools = await findPreviewTools()
const missing = (['pdftoppm', 'ffmpeg', 'soffice'] as const).filter((name) => !tools[name])
if (missing.length > 0) {
  const message = `${missing.join(', ')} not installed (Debian: poppler-utils, ffmpeg, libreoffice-nogui)`
  if (servicesRequired) throw new Error(`${message}, and REQUIRE_SERVICES=1 makes it mandatory.`)
  console.warn(`\n  !!! SKIPPED: ${message}; the previews of those types are not tested.\n`)
}

const fixtures = path.join(import.meta.dirname, 'testing', 'fixtures')
const officeFixtures = [
  { name: 'letter.docx', text: true },
  { name: 'sums.xlsx', text: false },
  { name: 'letter.pptx', text: false },
  { name: 'letter.odt', text: true },
]

/** Short real videos made by ffmpeg: an MP4 with its index at the end (ffmpeg's default), and a WebM. */
const videoDir = mkdtempSync(path.join(tmpdir(), 'ferry-video-'))
afterAll(() => rmSync(videoDir, { recursive: true, force: true }))
const videos = new Map<string, Buffer>()
function makeVideo(name: string, codec: string[]): Buffer {
  const made = videos.get(name)
  if (made) return made
  const file = path.join(videoDir, name)
  execFileSync(tools.ffmpeg!, [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=480x270:rate=10'],
    ...[...codec, '-pix_fmt', 'yuv420p', file],
  ])
  videos.set(name, readFileSync(file))
  return videos.get(name)!
}

const webpSize = async (res: Response) => {
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('image/webp')
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
  return { width: meta.width, height: meta.height, format: meta.format }
}

await forEachStack((getApp) => {
  const jobs = jobRunner()
  afterEach(() => jobs.stop())

  /** The derivatives jobs still in the queue (a finished one is gone) for these files. */
  const jobsOf = async (app: TestApp, files: { file_id: string }[]) =>
    (await app.deps.database.db.select().from(queuedJobs).where(eq(queuedJobs.kind, derivativesKind))).filter((job) =>
      files.some((file) => (job.payload as { fileId: string }).fileId === file.file_id),
    )

  describe.skipIf(!tools.pdftoppm)('PDF', () => {
    it('gets page 1 as its thumbnail, stored beside it, and is viewed as itself with Range', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM')
      const pdf = makePdf(3)
      const { uniqueId } = await sendFiles(app, sender, [{ name: 'report.pdf', body: pdf, type: 'application/pdf' }])
      await jobs.run(app)
      const [file] = await shareFiles(app, uniqueId)
      expect(file).toMatchObject({ preview_kind: 'pdf' })
      expect(file!.thumbnail_url).toBe(`/api/share/${uniqueId}/files/${file!.file_id}/thumbnail`)
      expect(await app.deps.blobs.stat(`${file!.file_key}.thumbnail.webp`)).toMatchObject({ contentType: 'image/webp' })
      // A portrait A4 page: 320 px high.
      expect(await webpSize(await getPath(app, file!.thumbnail_url!))).toMatchObject({ height: 320, format: 'webp' })
      const ranged = await getPath(app, file!.preview_url!, { range: 'bytes=0-7' })
      expect(ranged.status).toBe(206)
      expect(ranged.headers.get('content-type')).toBe('application/pdf')
      expect(await ranged.text()).toBe('%PDF-1.4')
      expect(await jobsOf(app, [file!])).toEqual([])
    })

    it('leaves a corrupt PDF without a thumbnail and gives its job up at once, the error kept', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM')
      const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 'x'), Buffer.from('\n%%EOF\n')])
      const { uniqueId } = await sendFiles(app, sender, [{ name: 'broken.pdf', body: broken }])
      await jobs.run(app)
      const [file] = await shareFiles(app, uniqueId)
      expect(file).toMatchObject({ preview_kind: 'pdf', thumbnail_url: null })
      expect(await app.deps.blobs.stat(`${file!.file_key}.thumbnail.webp`)).toBeNull()
      const dead = await jobsOf(app, [file!])
      expect(dead).toMatchObject([{ state: 'dead', attempts: 1 }])
      expect(dead[0]!.lastError).toMatch(/pdftoppm/)
      // Dead: a later look for due jobs does not take it again.
      await jobs.run(app)
      expect(await jobsOf(app, [file!])).toMatchObject([{ state: 'dead', attempts: 1 }])
    })

    it('kills a tool past its time limit: no thumbnail, the job dead after one try', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM')
      const { uniqueId } = await sendFiles(app, sender, [{ name: 'slow.pdf', body: makePdf(2) }])
      const hurried = derivativesHandler(app.deps, {
        limits: { ...app.deps.config.previews, toolTimeoutMs: 1 },
      })
      await jobs.run(app, [hurried])
      const [file] = await shareFiles(app, uniqueId)
      expect(file!.thumbnail_url).toBeNull()
      const [job] = await jobsOf(app, [file!])
      expect(job).toMatchObject({ state: 'dead', attempts: 1 })
      expect(job!.lastError).toMatch(/time limit/)
    })

    it('a preview of a transfer with a download limit of 1 leaves it downloadable', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM')
      const pdf = makePdf(1)
      const { id, uniqueId } = await sendFiles(app, sender, [{ name: 'once.pdf', body: pdf }], { max_downloads: 1 })
      await jobs.run(app)
      const [file] = await shareFiles(app, uniqueId)
      for (let view = 0; view < 3; view++) {
        const whole = await getPath(app, file!.preview_url!)
        expect(whole.status).toBe(200)
        expect(Buffer.from(await whole.arrayBuffer()).equals(pdf)).toBe(true)
        expect((await getPath(app, file!.thumbnail_url!)).status).toBe(200)
      }
      expect((await shareFiles(app, uniqueId)).length).toBe(1)
      // The one download is still there to take, and then the limit is spent.
      expect(await countOneMore(app, id)).toBe(1)
    })
  })

  describe.skipIf(!tools.ffmpeg)('video', () => {
    it('gets a poster frame as thumbnail and screen rendition, read by ranges from the store', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM')
      const { uniqueId } = await sendFiles(app, sender, [
        { name: 'clip.mp4', body: makeVideo('clip.mp4', ['-c:v', 'libx264', '-preset', 'ultrafast']) },
        { name: 'clip.webm', body: makeVideo('clip.webm', ['-c:v', 'libvpx', '-deadline', 'realtime']) },
      ])
      await jobs.run(app)
      const files = await shareFiles(app, uniqueId)
      for (const file of files) {
        expect(file.preview_kind, file.file_name).toBe('video')
        expect(await app.deps.blobs.stat(`${file.file_key}.thumbnail.webp`), file.file_name).not.toBeNull()
        expect(await webpSize(await getPath(app, file.thumbnail_url!))).toEqual({
          width: 320,
          height: 180,
          format: 'webp',
        })
        const poster = await getPath(app, `${file.preview_url}?size=screen`)
        expect(await webpSize(poster)).toEqual({ width: 480, height: 270, format: 'webp' })
        // The video itself is still what preview_url serves.
        const head = await getPath(app, file.preview_url!, { range: 'bytes=0-3' })
        expect(head.status).toBe(206)
        expect(head.headers.get('content-type')).toMatch(/^video\//)
        await head.arrayBuffer()
      }
      expect(await jobsOf(app, files)).toEqual([])
    })
  })

  describe.skipIf(!tools.soffice || !tools.pdftoppm)('office documents', () => {
    it('are converted to PDF by LibreOffice, stored beside the file and viewed as PDF, with a page-1 thumbnail', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM')
      const sources = officeFixtures.map(({ name }) => ({ name, body: readFileSync(path.join(fixtures, name)) }))
      const { uniqueId } = await sendFiles(app, sender, sources)
      await jobs.run(app)
      const files = await shareFiles(app, uniqueId)
      // A file without its preview says why: its job's state and last error.
      const why = (await jobsOf(app, files)).map((job) => `${job.state}: ${job.lastError}`).join('; ')
      for (const file of files) {
        expect(file.preview_kind, `${file.file_name} (${why || 'no job left'})`).toBe('pdf')
        expect(await app.deps.blobs.stat(`${file.file_key}.preview.pdf`), file.file_name).toMatchObject({
          contentType: 'application/pdf',
        })
        expect((await webpSize(await getPath(app, file.thumbnail_url!))).format).toBe('webp')
        const whole = await getPath(app, file.preview_url!)
        expect(whole.status).toBe(200)
        expect(whole.headers.get('content-type')).toBe('application/pdf')
        expect(whole.headers.get('x-content-type-options')).toBe('nosniff')
        expect(whole.headers.get('content-security-policy')).toMatch(/^sandbox;/)
        const pdf = Buffer.from(await whole.arrayBuffer())
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
        const ranged = await getPath(app, file.preview_url!, { range: 'bytes=100-199' })
        expect(ranged.status).toBe(206)
        expect(Buffer.from(await ranged.arrayBuffer()).equals(pdf.subarray(100, 200))).toBe(true)
        if (officeFixtures.find((f) => f.name === file.file_name)!.text) {
          const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString()
          expect(text, file.file_name).toContain('Quarterly figures')
        }
      }
      expect(await jobsOf(app, files)).toEqual([])
    })

    it('gives a document LibreOffice cannot read no preview, and its job is dead after one try', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM')
      // A docx whose entries' bytes are overwritten, its central directory kept: detected as a
      // docx, unreadable to LibreOffice.
      const broken = readFileSync(path.join(fixtures, 'letter.docx'))
      broken.fill(0x41, 60, 2600)
      const { uniqueId } = await sendFiles(app, sender, [{ name: 'broken.docx', body: broken }])
      await jobs.run(app)
      const [file] = await shareFiles(app, uniqueId)
      expect(file).toMatchObject({ thumbnail_url: null })
      expect(await app.deps.blobs.stat(`${file!.file_key}.preview.pdf`)).toBeNull()
      const [job] = await jobsOf(app, [file!])
      expect(job).toMatchObject({ state: 'dead', attempts: 1 })
    })
  })
})
