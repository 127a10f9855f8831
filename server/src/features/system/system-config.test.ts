import { describe, expect, it } from 'vitest'
import { buildTestApp, forEachStack } from '../../testing/test-app.js'

await forEachStack((getApp) => {
  it('GET /api/system/config answers the ZIP limit, 2048 MB by default, without login', async () => {
    const res = await getApp().api('/api/system/config')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      client_zip_max_size_mb: 2048,
      source: 'config',
      contact_email: null,
      payments: 'test',
    })
  })
})

describe('CLIENT_ZIP_MAX_SIZE_MB and CONTACT_EMAIL', () => {
  it('set the ZIP limit and the contact address the server answers', async () => {
    const t = await buildTestApp({ env: { CLIENT_ZIP_MAX_SIZE_MB: '512', CONTACT_EMAIL: 'help@ferry.example' } })
    try {
      expect(await (await t.api('/api/system/config')).json()).toEqual({
        client_zip_max_size_mb: 512,
        source: 'config',
        contact_email: 'help@ferry.example',
        payments: 'test',
      })
    } finally {
      await t.close()
    }
  })
})

describe('payments in GET /api/system/config (the admin console banner, issue 15 item 12)', () => {
  it("answers 'stripe' when Stripe is configured", async () => {
    const t = await buildTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:9' },
    })
    try {
      expect(await (await t.api('/api/system/config')).json()).toMatchObject({ payments: 'stripe' })
    } finally {
      await t.close()
    }
  })
})
