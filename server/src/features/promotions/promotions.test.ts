import type { AdminPromotion } from '@ferry/contracts/api/promotions'
import sharp from 'sharp'
import { beforeEach, describe, expect, it } from 'vitest'
import { forEachStack } from '../../testing/test-app.js'
import { authStacks, bearer, createTestClock } from '../auth/testing/auth-test-kit.js'
import { postTransfer, type Sender, signUp, uploadFiles } from '../transfers/testing/transfers-test-kit.js'
import { countingLimits } from './promotion-counting.js'
import {
  campaignBody,
  createCampaign,
  deleteAllCampaigns,
  getSlot,
  photoWithExif,
  sendJson,
} from './testing/promotions-test-kit.js'

const clock = createTestClock()
const hour = 3_600_000
const day = 24 * hour

await forEachStack((getApp) => {
  let admin: Sender
  beforeEach(async () => {
    admin ??= await signUp(getApp(), 'ADMIN', 'Ada Admin')
    await deleteAllCampaigns(getApp(), admin.token)
  })

  const list = async () => {
    const res = await getApp().api('/api/admin/promotions', { headers: bearer(admin.token) })
    return ((await res.json()) as { items: AdminPromotion[] }).items
  }
  const today = () => clock.now().toISOString().slice(0, 10)
  const countsOf = async (id: string, on = today()) => {
    const campaign = (await list()).find((c) => c.id === id)
    return campaign?.days.find((d) => d.day === on) ?? { impressions: 0, clicks: 0 }
  }
  const window = (fromMs: number, toMs: number) => ({
    starts_at: new Date(clock.now().getTime() + fromMs).toISOString(),
    ends_at: new Date(clock.now().getTime() + toMs).toISOString(),
  })

  describe('admin campaigns', () => {
    it('are for admins only: 401 without a session, 403 for a user', async () => {
      const app = getApp()
      const user = await signUp(app, 'FREE')
      expect((await app.api('/api/admin/promotions')).status).toBe(401)
      const asUser = await app.api('/api/admin/promotions', { headers: bearer(user.token) })
      expect(asUser.status).toBe(403)
      expect((await sendJson(app, 'POST', '/api/admin/promotions', await campaignBody(), user.token)).status).toBe(403)
      const id = '00000000-0000-4000-8000-000000000000'
      expect((await sendJson(app, 'PUT', `/api/admin/promotions/${id}`, await campaignBody(), user.token)).status).toBe(
        403,
      )
      const del = await app.api(`/api/admin/promotions/${id}`, { method: 'DELETE', headers: bearer(user.token) })
      expect(del.status).toBe(403)
    })

    it('refuses bad fields with 400 and a file that is not an image with 422', async () => {
      const app = getApp()
      const post = async (overrides: Record<string, unknown>) =>
        sendJson(app, 'POST', '/api/admin/promotions', { ...(await campaignBody()), ...overrides }, admin.token)
      for (const link_url of ['javascript:alert(1)', 'data:text/html,x', 'ftp://example.com/x', '/relative', '']) {
        const res = await post({ link_url })
        expect(res.status, link_url).toBe(400)
        expect(res.body.code).toBe('validation_failed')
      }
      expect((await post({ alt: '   ' })).status).toBe(400)
      expect((await post({ language: 'fr' })).status).toBe(400)
      expect((await post({ ends_at: new Date(Date.now() - day).toISOString() })).status).toBe(400)
      expect((await post({ image: 'not base64!' })).status).toBe(400)
      const notImage = await post({ image: Buffer.from('%PDF-1.4 hello').toString('base64') })
      expect(notImage).toMatchObject({ status: 422, body: { code: 'promotion_image_invalid' } })
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"></svg>')
      expect((await post({ image: svg.toString('base64') })).body.code).toBe('promotion_image_invalid')
      const tiny = await post({ image: (await photoWithExif(50, 20)).toString('base64') })
      expect(tiny).toMatchObject({ status: 422, body: { code: 'promotion_image_too_small' } })
      expect(await list()).toEqual([])
    })

    it('creates, lists, edits and deletes a campaign; the image is WebP, resized, without EXIF', async () => {
      const app = getApp()
      const big = await photoWithExif(2400, 1200)
      const created = await createCampaign(app, admin.token, {
        image: `data:image/png;base64,${big.toString('base64')}`,
        alt: 'Spring sale',
        language: 'es',
      })
      expect(created).toMatchObject({
        link_url: 'https://example.com/offer?ref=ferry',
        alt: 'Spring sale',
        language: 'es',
        active: true,
        image_width: 960,
        image_height: 480,
        days: [],
        total_impressions: 0,
        total_clicks: 0,
      })
      const image = await app.api(created.image_url)
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/webp')
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata()
      expect(meta).toMatchObject({ format: 'webp', width: 960, height: 480 })
      expect(meta.exif).toBeUndefined()
      expect((await list()).map((c) => c.id)).toEqual([created.id])

      const edited = await sendJson(
        app,
        'PUT',
        `/api/admin/promotions/${created.id}`,
        { ...(await campaignBody()), image: undefined, alt: 'Summer sale', active: false, language: 'en' },
        admin.token,
      )
      expect(edited.status).toBe(200)
      expect(edited.body).toMatchObject({ alt: 'Summer sale', active: false, language: 'en' })
      expect(edited.body.image_url).toBe(created.image_url)

      const newImage = await sendJson(
        app,
        'PUT',
        `/api/admin/promotions/${created.id}`,
        await campaignBody({ image: (await photoWithExif(300, 300, '#c92a2a')).toString('base64') }),
        admin.token,
      )
      expect(newImage.body).toMatchObject({ image_width: 300, image_height: 300 })
      expect(newImage.body.image_url).not.toBe(created.image_url)

      const missing = '00000000-0000-4000-8000-000000000000'
      expect(
        (await sendJson(app, 'PUT', `/api/admin/promotions/${missing}`, await campaignBody(), admin.token)).status,
      ).toBe(404)
      const del = await app.api(`/api/admin/promotions/${created.id}`, {
        method: 'DELETE',
        headers: bearer(admin.token),
      })
      expect(del.status).toBe(204)
      expect(await list()).toEqual([])
      expect((await app.api(newImage.body.image_url)).status).toBe(404)
      const again = await app.api(`/api/admin/promotions/${created.id}`, {
        method: 'DELETE',
        headers: bearer(admin.token),
      })
      expect(again.status).toBe(404)
    })
  })

  describe('GET /api/promotions/slot', () => {
    it("answers Ferry's own upgrade offer without a campaign, labelled in the page's language", async () => {
      const en = await getSlot(getApp())
      expect(en.status).toBe(200)
      expect(en.body).toMatchObject({ kind: 'house', label: 'Ad', link_url: '/upgrade', remove_ads_url: '/upgrade' })
      expect(en.body.image_url).toMatch(/^\/promotions\/ferry-pro-en\.svg$/)
      expect(en.body.alt).toContain('Ferry Pro')
      const es = await getSlot(getApp(), { lang: 'es' })
      expect(es.body).toMatchObject({ kind: 'house', label: 'Anuncio' })
    })

    it('shows a campaign to a visitor and a free user, and nothing (204) to a Pro user', async () => {
      const app = getApp()
      const campaign = await createCampaign(app, admin.token, window(-hour, day))
      const free = await signUp(app, 'FREE')
      const pro = await signUp(app, 'PREMIUM')
      const visitor = await getSlot(app)
      expect(visitor.status).toBe(200)
      expect(visitor.body).toEqual({
        id: campaign.id,
        kind: 'campaign',
        label: 'Ad',
        image_url: campaign.image_url,
        image_width: campaign.image_width,
        image_height: campaign.image_height,
        link_url: `/api/promotions/${campaign.id}/click`,
        alt: 'A green banner',
        remove_ads_url: '/upgrade',
      })
      expect((await getSlot(app, { token: free.token })).body.id).toBe(campaign.id)
      const none = await getSlot(app, { token: pro.token })
      expect(none.status).toBe(204)
      expect(none.body).toBeUndefined()
      // Served twice, so counted twice; the Pro user's request counted nothing.
      expect(await countsOf(campaign.id)).toMatchObject({ impressions: 2, clicks: 0 })
    })

    it("on a share page follows the transfer's sender's plan, whoever asks", async () => {
      const app = getApp()
      await createCampaign(app, admin.token, window(-hour, day))
      const send = async (sender: Sender) => {
        const files = await uploadFiles(app, sender, [{ name: 'a.txt', body: Buffer.from('hello') }])
        const res = await postTransfer(app, sender.token, { files, recipient_emails: ['r@example.com'] })
        expect(res.status).toBe(201)
        return res.body.unique_id as string
      }
      const free = await signUp(app, 'FREE')
      const pro = await signUp(app, 'PREMIUM')
      const fromFree = await send(free)
      const fromPro = await send(pro)
      expect((await getSlot(app, { share: fromFree })).status).toBe(200)
      // A Pro reader of a free sender's transfer sees its promotion; a free reader of a Pro sender's sees none.
      expect((await getSlot(app, { share: fromFree, token: pro.token })).status).toBe(200)
      expect((await getSlot(app, { share: fromPro })).status).toBe(204)
      expect((await getSlot(app, { share: fromPro, token: free.token })).status).toBe(204)
      // A share that does not exist shows nothing and says nothing.
      const unknown = await getSlot(app, { share: 'doesnotexist123' })
      expect(unknown.status).toBe(204)
      expect((await getSlot(app, { share: 'bad id!' })).status).toBe(400)
    })

    it('rotates live campaigns by fewest impressions today', async () => {
      const app = getApp()
      const first = await createCampaign(app, admin.token, { alt: 'First', ...window(-hour, day) })
      const second = await createCampaign(app, admin.token, { alt: 'Second', ...window(-hour, day) })
      const shown: string[] = []
      for (let i = 0; i < 6; i++) shown.push((await getSlot(app, { address: `10.1.0.${i}` })).body.alt)
      expect(shown).toEqual(['First', 'Second', 'First', 'Second', 'First', 'Second'])
      expect(await countsOf(first.id)).toMatchObject({ impressions: 3 })
      expect(await countsOf(second.id)).toMatchObject({ impressions: 3 })
    })

    it("keeps to each campaign's dates, active switch and language", async () => {
      const app = getApp()
      const later = await createCampaign(app, admin.token, { alt: 'Tomorrow', ...window(day, 2 * day) })
      await createCampaign(app, admin.token, { alt: 'Off', active: false, ...window(-hour, day) })
      await createCampaign(app, admin.token, { alt: 'Spanish', language: 'es', ...window(-hour, 3 * day) })
      expect((await getSlot(app, { lang: 'en' })).body.kind).toBe('house')
      expect((await getSlot(app, { lang: 'es' })).body.alt).toBe('Spanish')
      clock.advance(day + hour)
      expect((await getSlot(app, { lang: 'en' })).body.alt).toBe('Tomorrow')
      clock.advance(day)
      expect((await getSlot(app, { lang: 'en' })).body.kind).toBe('house')
      expect((await countsOf(later.id, today())).impressions).toBe(0)
    })
  })

  describe('counting', () => {
    it('counts impressions per day, on the test clock', async () => {
      const app = getApp()
      const campaign = await createCampaign(app, admin.token, window(-hour, 10 * day))
      const first = today()
      await getSlot(app, { address: '10.2.0.1' })
      await getSlot(app, { address: '10.2.0.2' })
      clock.advance(day)
      const second = today()
      await getSlot(app, { address: '10.2.0.3' })
      const [stats] = await list()
      expect(stats!.days).toEqual([
        { day: first, impressions: 2, clicks: 0 },
        { day: second, impressions: 1, clicks: 0 },
      ])
      expect(stats).toMatchObject({ id: campaign.id, total_impressions: 3 })
    })

    it('counts a click and redirects to the stored link only', async () => {
      const app = getApp()
      const campaign = await createCampaign(app, admin.token, {
        link_url: 'https://shop.example.org/spring?x=1',
        ...window(-hour, day),
      })
      const click = await app.api(`/api/promotions/${campaign.id}/click?to=https://evil.example.com`, {
        redirect: 'manual',
        headers: { 'x-forwarded-for': '10.3.0.1' },
      })
      expect(click.status).toBe(302)
      expect(click.headers.get('location')).toBe('https://shop.example.org/spring?x=1')
      expect(click.headers.get('referrer-policy')).toBe('no-referrer')
      expect(await countsOf(campaign.id)).toMatchObject({ clicks: 1 })
      const unknown = await app.api('/api/promotions/00000000-0000-4000-8000-000000000000/click', {
        redirect: 'manual',
      })
      expect(unknown.status).toBe(404)
      expect(unknown.headers.get('location')).toBeNull()
      const notId = await app.api('/api/promotions/https%3A%2F%2Fevil.example.com/click', { redirect: 'manual' })
      expect(notId.status).toBe(400)
    })

    it('counts one address at most so often per hour, still serving it', async () => {
      const app = getApp()
      const campaign = await createCampaign(app, admin.token, window(-hour, day))
      for (let i = 0; i < countingLimits.clicks + 2; i++) {
        const res = await app.api(`/api/promotions/${campaign.id}/click`, {
          redirect: 'manual',
          headers: { 'x-forwarded-for': '10.4.0.1' },
        })
        expect(res.status).toBe(302)
      }
      for (let i = 0; i < countingLimits.impressions + 2; i++) {
        expect((await getSlot(app, { address: '10.4.0.1' })).status).toBe(200)
      }
      expect(await countsOf(campaign.id)).toMatchObject({
        clicks: countingLimits.clicks,
        impressions: countingLimits.impressions,
      })
      await getSlot(app, { address: '10.4.0.2' })
      expect((await countsOf(campaign.id)).impressions).toBe(countingLimits.impressions + 1)
    })
  })
}, authStacks({ clock }))
