import type { AdminPromotion, PromotionCreateRequest, PromotionSlot } from '@ferry/contracts/api/promotions'
import sharp from 'sharp'
import type { TestApp } from '../../../testing/test-app.js'
import { bearer } from '../../auth/testing/auth-test-kit.js'

/** A PNG of `width`×`height` carrying EXIF (camera and a GPS-ish note), to see the server strip it. */
export function photoWithExif(width = 640, height = 320, color = '#2b8a3e'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Secret Location 48.85N 2.35E' } })
    .toBuffer()
}

/** A campaign's fields, live from an hour ago for a day, in any language. */
export async function campaignBody(overrides: Partial<PromotionCreateRequest> = {}): Promise<PromotionCreateRequest> {
  const now = Date.now()
  return {
    link_url: 'https://example.com/offer?ref=ferry',
    alt: 'A green banner',
    language: 'any',
    starts_at: new Date(now - 3_600_000).toISOString(),
    ends_at: new Date(now + 86_400_000).toISOString(),
    active: true,
    image: (await photoWithExif()).toString('base64'),
    ...overrides,
  }
}

export async function sendJson(app: TestApp, method: string, pathname: string, body: unknown, token?: string) {
  const res = await app.api(pathname, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as AdminPromotion & { code?: string } }
}

export async function createCampaign(
  app: TestApp,
  adminToken: string,
  overrides: Partial<PromotionCreateRequest> = {},
) {
  const res = await sendJson(app, 'POST', '/api/admin/promotions', await campaignBody(overrides), adminToken)
  if (res.status !== 201) throw new Error(`Creating a campaign answered ${res.status}: ${JSON.stringify(res.body)}`)
  return res.body
}

/** GET /api/promotions/slot as a visitor from `address`, or as the token's user. */
export async function getSlot(
  app: TestApp,
  options: { token?: string; lang?: 'en' | 'es'; share?: string; address?: string } = {},
) {
  const query = new URLSearchParams({ lang: options.lang ?? 'en', ...(options.share ? { share: options.share } : {}) })
  const res = await app.api(`/api/promotions/slot?${query}`, {
    headers: {
      ...(options.token ? bearer(options.token) : {}),
      ...(options.address ? { 'x-forwarded-for': options.address } : {}),
    },
  })
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as PromotionSlot }
}

/** Deletes every campaign (tests of one app share its database). */
export async function deleteAllCampaigns(app: TestApp, adminToken: string) {
  const list = await app.api('/api/admin/promotions', { headers: bearer(adminToken) })
  const { items } = (await list.json()) as { items: AdminPromotion[] }
  for (const item of items)
    await app.api(`/api/admin/promotions/${item.id}`, { method: 'DELETE', headers: bearer(adminToken) })
}
