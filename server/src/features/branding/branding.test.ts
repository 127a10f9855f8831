import type { Background, BrandCssResponse, CssRefused, HomeBranding } from '@ferry/contracts/api/branding'
import type { RequestInfo } from '@ferry/contracts/api/request-links'
import type { Transfer } from '@ferry/contracts/api/transfers'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { queuedJobs } from '../../db/schema/index.js'
import { type JobHandler, startJobWorker } from '../../jobs/job-worker.js'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { bearer } from '../auth/testing/auth-test-kit.js'
import { createTestOrganization } from '../organizations/testing/organizations-test-kit.js'
import { createLinkAs } from '../request-links/testing/request-links-test-kit.js'
import {
  getJson,
  postTransfer,
  type Sender,
  share,
  signUp,
  uploadFiles,
} from '../transfers/testing/transfers-test-kit.js'
import { backgroundBlobKey, backgroundFormats } from './background-images.js'
import { brandingFilesHandler, brandingFilesKind } from './branding-files.job.js'

// Issue 22 items 3 and 4: an Enterprise organization's stylesheet and backgrounds, on its
// members' share and request pages only.

const putCss = (app: TestApp, token: string, organizationId: string, css: string) =>
  app.api(`/api/organizations/${organizationId}/css`, {
    method: 'PUT',
    headers: { ...bearer(token), 'content-type': 'text/css' },
    body: css,
  })

async function uploadBackground(
  app: TestApp,
  token: string,
  organizationId: string,
  image: Buffer,
  alt: string | null = 'Our harbour at dawn',
  type = 'image/jpeg',
) {
  const query = alt === null ? '' : `?alt=${encodeURIComponent(alt)}`
  const res = await app.api(`/api/organizations/${organizationId}/backgrounds${query}`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': type },
    body: new Uint8Array(image),
  })
  return { status: res.status, body: (await res.json()) as Background & { code?: string } }
}

/** A JPEG of this width, 2:3 high, with EXIF the renditions must not keep. */
const photo = (width: number) =>
  sharp({ create: { width, height: Math.round((width * 2) / 3), channels: 3, background: '#2a6f97' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'Secret Camera Owner', Make: 'FerryCam' } } })
    .jpeg()
    .toBuffer()

async function sendTransfer(app: TestApp, sender: Sender): Promise<string> {
  return (await sendWith(app, sender)).unique_id
}

async function sendWith(app: TestApp, sender: Sender, extra: Record<string, unknown> = {}) {
  const files = await uploadFiles(app, sender, [{ name: 'a.txt', body: Buffer.from('hello') }])
  const created = await postTransfer(app, sender.token, { files, recipient_emails: ['r@example.com'], ...extra })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body as { unique_id: string; id: string }
}

/** PATCH /api/transfers/{id} as `token`. */
async function patchTransfer(app: TestApp, token: string, id: string, body: Record<string, unknown>) {
  const res = await app.api(`/api/transfers/${id}`, {
    method: 'PATCH',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Transfer & { code?: string; detail?: string } }
}

/** Runs the due jobs of these kinds as an instance's worker would, until none is due. */
async function runJobs(app: TestApp, handlers: JobHandler[]): Promise<void> {
  const quiet = { info() {}, error() {} }
  const worker = startJobWorker({ queue: app.services.jobQueue, clock: app.deps.clock, logger: quiet }, handlers)
  try {
    await worker.drain()
  } finally {
    await worker.stop()
  }
}

await forEachStack((getApp) => {
  describe('organization branding', () => {
    it('answers 403 plan_feature_missing to a Business organization', async () => {
      const app = getApp()
      const org = await createTestOrganization(app, { plan: 'business', billing: 'complimentary' })
      const css = await putCss(app, org.owner.token, org.id, 'a{color:red}')
      expect(css.status).toBe(403)
      expect(((await css.json()) as { code: string }).code).toBe('plan_feature_missing')
      const bg = await uploadBackground(app, org.owner.token, org.id, await photo(800))
      expect([bg.status, bg.body.code]).toEqual([403, 'plan_feature_missing'])
      // Its members' transfers are not branded.
      const uniqueId = await sendTransfer(app, org.owner)
      expect((await share(app, uniqueId)).body.branding).toBeNull()
    })

    it('keeps an Enterprise stylesheet, refuses what loads or runs anything with its position, and serves it as an immutable file', async () => {
      const app = getApp()
      const org = await createTestOrganization(app, {
        plan: 'enterprise',
        billing: 'complimentary',
        roles: ['admin', 'member'],
      })
      const admin = org.members[0] as Sender
      const member = org.members[1] as Sender

      for (const [css, line, column, reason, subject] of [
        ['a{color:red}\n@\\69 mport "https://evil.example/x.css";', 2, 1, 'at_rule', '@import'],
        ['.a {\n  background: url(//evil.example/x.png);\n}', 2, 15, 'url_not_own_asset', '//evil.example/x.png'],
        ['.a{background:url(https://evil.example/x.png)}', 1, 15, 'url_not_own_asset', 'https://evil.example/x.png'],
        ['.a{background:u\\72l(https://evil.example/x.png)}', 1, 15, 'unparsed_function', 'url'],
        ['.a{width:expression(alert(1))}', 1, 10, 'function', 'expression'],
      ] as const) {
        const refused = await putCss(app, admin.token, org.id, css)
        const body = (await refused.json()) as CssRefused
        expect(refused.status, css).toBe(422)
        // The reason is a stable code (the web translates it); `detail` keeps the English sentence.
        expect(body, css).toMatchObject({ code: 'css_refused', line, column, reason, subject })
        expect(body.detail, css).toContain(`(line ${line}, column ${column})`)
      }
      const tooBig = await putCss(app, admin.token, org.id, `/*${'x'.repeat(51 * 1024)}*/`)
      expect(tooBig.status).toBe(422)
      expect(await tooBig.json()).toMatchObject({ reason: 'too_large', subject: '50' })

      // A member may read it but not change it; someone outside the organization does not see it.
      expect((await putCss(app, member.token, org.id, 'a{color:red}')).status).toBe(403)
      const outsider = (await createTestOrganization(app, { plan: 'enterprise', billing: 'complimentary' })).owner
      expect((await getJson(app, `/api/organizations/${org.id}/css`, outsider.token)).status).toBe(404)

      const stylesheet = '.ferry-brand-content {\n  color: rgb(1, 2, 3);\n}\n'
      expect((await putCss(app, admin.token, org.id, stylesheet)).status).toBe(204)
      const stored = await getJson<BrandCssResponse>(app, `/api/organizations/${org.id}/css`, member.token)
      expect(stored.body).toMatchObject({
        css: stylesheet,
        css_url: expect.stringMatching(/^\/brand\/[0-9a-f-]+\/[0-9a-f]{16}\.css$/),
      })
      const file = await app.api(stored.body.css_url as string)
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toBe('text/css; charset=utf-8')
      expect(file.headers.get('cache-control')).toContain('immutable')
      expect(await file.text()).toBe('.ferry-brand-content{color:rgb(1,2,3)}')

      // The share record of a member's transfer names it; another sender's does not.
      const uniqueId = await sendTransfer(app, member)
      expect((await share(app, uniqueId)).body.branding).toEqual({ css_url: stored.body.css_url, background: null })
      const stranger = await signUp(app, 'PREMIUM')
      expect((await share(app, await sendTransfer(app, stranger))).body.branding).toBeNull()

      const removed = await app.api(`/api/organizations/${org.id}/css`, {
        method: 'DELETE',
        headers: bearer(admin.token),
      })
      expect(removed.status).toBe(204)
      expect((await app.api(stored.body.css_url as string)).status).toBe(404)
      expect((await share(app, uniqueId)).body.branding).toBeNull()
    })

    it('makes a background into AVIF and WebP without metadata, needs alt text, and keeps at most ten', async () => {
      const app = getApp()
      const org = await createTestOrganization(app, { plan: 'enterprise', billing: 'complimentary' })
      const { owner } = org

      const noAlt = await uploadBackground(app, owner.token, org.id, await photo(800), null)
      expect(noAlt.status).toBe(400)
      const blankAlt = await uploadBackground(app, owner.token, org.id, await photo(800), '   ')
      expect(blankAlt.status).toBe(400)
      const notImage = await uploadBackground(app, owner.token, org.id, Buffer.from('<svg/>'), 'x', 'image/svg+xml')
      expect([notImage.status, notImage.body.code]).toEqual([422, 'background_invalid'])

      const added = await uploadBackground(app, owner.token, org.id, await photo(2000))
      expect(added.status, JSON.stringify(added.body)).toBe(201)
      expect(added.body.widths).toEqual([1280, 1920])
      expect(added.body.alt).toBe('Our harbour at dawn')
      expect(added.body.avif_srcset).toMatch(/1280\.avif 1280w, .*1920\.avif 1920w$/)
      for (const [width, format] of [
        [1280, 'avif'],
        [1920, 'webp'],
      ] as const) {
        const res = await app.api(`/brand/${org.id}/backgrounds/${added.body.id}/${width}.${format}`)
        expect(res.status).toBe(200)
        expect(res.headers.get('content-type')).toBe(`image/${format}`)
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
        expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp')
        expect(meta.width).toBe(width)
        expect(meta.exif).toBeUndefined()
      }
      expect((await app.api(`/brand/${org.id}/backgrounds/${added.body.id}/2560.webp`)).status).toBe(404)

      // Its own images are the only url() a stylesheet may hold.
      const own = `/brand/${org.id}/backgrounds/${added.body.id}/1280.webp`
      expect((await putCss(app, owner.token, org.id, `.ferry-brand-page{background:url(${own})}`)).status).toBe(204)

      const edited = await app.api(`/api/organizations/${org.id}/backgrounds/${added.body.id}`, {
        method: 'PATCH',
        headers: { ...bearer(owner.token), 'content-type': 'application/json' },
        body: JSON.stringify({ alt: 'The harbour' }),
      })
      expect(((await edited.json()) as Background).alt).toBe('The harbour')

      for (let i = 1; i < 10; i++) {
        expect((await uploadBackground(app, owner.token, org.id, await photo(640))).status).toBe(201)
      }
      const eleventh = await uploadBackground(app, owner.token, org.id, await photo(640))
      expect([eleventh.status, eleventh.body.code]).toEqual([409, 'backgrounds_too_many'])

      const list = await getJson<{ backgrounds: Background[] }>(
        app,
        `/api/organizations/${org.id}/backgrounds`,
        owner.token,
      )
      expect(list.body.backgrounds).toHaveLength(10)

      // The share and request pages of the owner's transfers and links show one of them.
      const shown = (await share(app, await sendTransfer(app, owner))).body.branding
      expect(list.body.backgrounds.map((b) => b.src)).toContain(shown?.background?.src)
      expect(shown?.css_url).toMatch(/\.css$/)
      const link = await createLinkAs(app.api, owner.token)
      const info = await getJson<RequestInfo>(app, `/api/file-request/${link.body.request_id}`)
      expect(info.body.branding?.background?.alt).toBeTruthy()
      const home = await getJson<HomeBranding>(app, '/api/organizations/current/branding', owner.token)
      expect(home.body).toMatchObject({ organization_id: org.id, can_manage: true, branding: { css_url: null } })

      const removed = await app.api(`/api/organizations/${org.id}/backgrounds/${added.body.id}`, {
        method: 'DELETE',
        headers: bearer(owner.token),
      })
      expect(removed.status).toBe(204)
      expect((await app.api(`/brand/${org.id}/backgrounds/${added.body.id}/1280.avif`)).status).toBe(404)
    })

    it("removes every rendition of the organization's backgrounds from the blob store once its deletion commits", async () => {
      const app = getApp()
      const org = await createTestOrganization(app, { plan: 'enterprise', billing: 'complimentary' })
      const added = await Promise.all(
        [photo(2000), photo(640)].map(async (image) => uploadBackground(app, org.owner.token, org.id, await image)),
      )
      const keys = added.flatMap(({ body }) =>
        body.widths.flatMap((width) =>
          backgroundFormats.map((format) => backgroundBlobKey(org.id, body.id, width, format)),
        ),
      )
      expect(keys).toHaveLength(6)
      for (const key of keys) expect(await app.deps.blobs.stat(key), key).not.toBeNull()

      const deleted = await app.api(`/api/organizations/${org.id}`, {
        method: 'DELETE',
        headers: bearer(org.owner.token),
      })
      expect(deleted.status).toBe(204)
      // The job committed with the deletion; the instance's worker (here: the test's) removes the files.
      const jobs = await app.deps.database.db
        .select({ kind: queuedJobs.kind, payload: queuedJobs.payload })
        .from(queuedJobs)
        .where(eq(queuedJobs.kind, brandingFilesKind))
      const queued = jobs.map((job) => job.payload as { organizationId: string; keys: string[] })
      const mine = queued.find((payload) => payload.organizationId === org.id)
      expect([...(mine?.keys ?? [])].sort()).toEqual([...keys].sort())
      await runJobs(app, [brandingFilesHandler(app.deps)])
      for (const key of keys) expect(await app.deps.blobs.stat(key), key).toBeNull()
      expect((await app.api(`/brand/${org.id}/backgrounds/${added[0]?.body.id}/1280.avif`)).status).toBe(404)
    })

    it('shows recipients the background a member chose for a transfer, and rotates again without one', async () => {
      const app = getApp()
      const org = await createTestOrganization(app, {
        plan: 'enterprise',
        billing: 'complimentary',
        roles: ['member'],
      })
      const member = org.members[0] as Sender
      const added: Background[] = []
      for (const alt of ['Harbour', 'Lighthouse', 'Dunes']) {
        const res = await uploadBackground(app, org.owner.token, org.id, await photo(640), alt)
        expect(res.status).toBe(201)
        added.push(res.body)
      }
      const [harbour, lighthouse, dunes] = added as [Background, Background, Background]

      // Chosen on create: the share record shows exactly that one, and the detail names it.
      const sent = await sendWith(app, member, { background_id: lighthouse.id })
      expect((await share(app, sent.unique_id)).body.branding?.background).toMatchObject({
        src: lighthouse.src,
        alt: 'Lighthouse',
      })
      const detail = await getJson<Transfer>(app, `/api/transfers/${sent.id}`, member.token)
      expect(detail.body.background_id).toBe(lighthouse.id)

      // Changed, then back to the rotation (null), with PATCH.
      const changed = await patchTransfer(app, member.token, sent.id, { background_id: dunes.id })
      expect([changed.status, changed.body.background_id]).toEqual([200, dunes.id])
      expect((await share(app, sent.unique_id)).body.branding?.background?.src).toBe(dunes.src)
      const rotated = await patchTransfer(app, member.token, sent.id, { background_id: null })
      expect([rotated.status, rotated.body.background_id]).toEqual([200, null])
      expect(added.map((b) => b.src)).toContain((await share(app, sent.unique_id)).body.branding?.background?.src)

      // Another organization's background, or an unknown id: 422 with a clear message; a bad id: 400.
      const other = await createTestOrganization(app, { plan: 'enterprise', billing: 'complimentary' })
      const theirs = await uploadBackground(app, other.owner.token, other.id, await photo(640), 'Theirs')
      for (const id of [theirs.body.id, crypto.randomUUID()]) {
        const files = await uploadFiles(app, member, [{ name: 'b.txt', body: Buffer.from('hi') }])
        const refused = await postTransfer(app, member.token, {
          files,
          recipient_emails: ['r@example.com'],
          background_id: id,
        })
        expect([refused.status, refused.body.code]).toEqual([422, 'background_not_found'])
        expect(refused.body.detail).toMatch(/not one of your organization/)
        const patched = await patchTransfer(app, member.token, sent.id, { background_id: id })
        expect([patched.status, patched.body.code]).toEqual([422, 'background_not_found'])
      }
      expect((await patchTransfer(app, member.token, sent.id, { background_id: 'lighthouse' })).status).toBe(400)

      // A plan without custom_background: 403 plan_feature_missing, on create and on PATCH.
      const business = await createTestOrganization(app, { plan: 'business', billing: 'complimentary' })
      const files = await uploadFiles(app, business.owner, [{ name: 'c.txt', body: Buffer.from('hi') }])
      const noFlag = await postTransfer(app, business.owner.token, {
        files,
        recipient_emails: ['r@example.com'],
        background_id: harbour.id,
      })
      expect([noFlag.status, noFlag.body.code]).toEqual([403, 'plan_feature_missing'])
      const plain = await sendWith(app, business.owner)
      const noFlagPatch = await patchTransfer(app, business.owner.token, plain.id, { background_id: harbour.id })
      expect([noFlagPatch.status, noFlagPatch.body.code]).toEqual([403, 'plan_feature_missing'])

      // Deleting the chosen background sends the transfer back to the rotation.
      expect((await patchTransfer(app, member.token, sent.id, { background_id: harbour.id })).status).toBe(200)
      const deleted = await app.api(`/api/organizations/${org.id}/backgrounds/${harbour.id}`, {
        method: 'DELETE',
        headers: bearer(org.owner.token),
      })
      expect(deleted.status).toBe(204)
      expect((await getJson<Transfer>(app, `/api/transfers/${sent.id}`, member.token)).body.background_id).toBeNull()
      expect([lighthouse.src, dunes.src]).toContain((await share(app, sent.unique_id)).body.branding?.background?.src)
    })
  })
})
