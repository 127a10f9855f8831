import type { Background, BrandCssResponse, HomeBranding } from '@ferry/contracts/api/branding'
import type { RequestInfo } from '@ferry/contracts/api/request-links'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
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
  const files = await uploadFiles(app, sender, [{ name: 'a.txt', body: Buffer.from('hello') }])
  const created = await postTransfer(app, sender.token, { files, recipient_emails: ['r@example.com'] })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body.unique_id as string
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

      for (const [css, line, column] of [
        ['a{color:red}\n@\\69 mport "https://evil.example/x.css";', 2, 1],
        ['.a {\n  background: url(//evil.example/x.png);\n}', 2, 15],
        ['.a{background:url(https://evil.example/x.png)}', 1, 15],
        ['.a{background:u\\72l(https://evil.example/x.png)}', 1, 15],
        ['.a{width:expression(alert(1))}', 1, 10],
      ] as const) {
        const refused = await putCss(app, admin.token, org.id, css)
        const body = (await refused.json()) as { code: string; line: number; column: number; detail: string }
        expect(refused.status, css).toBe(422)
        expect(body, css).toMatchObject({ code: 'css_refused', line, column })
      }
      const tooBig = await putCss(app, admin.token, org.id, `/*${'x'.repeat(51 * 1024)}*/`)
      expect(tooBig.status).toBe(422)

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
  })
})
