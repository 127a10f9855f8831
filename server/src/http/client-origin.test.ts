import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../testing/test-app.js'
import { rebaseUrls } from './client-origin.js'

describe('rebaseUrls', () => {
  it('rewrites only strings that start with the configured origin, at any depth', () => {
    const from = 'http://localhost:3000'
    const to = 'http://192.168.1.5:3000'
    expect(
      rebaseUrls(
        { url: `${from}/blobs/k?sig=1`, other: 'http://localhost:30001/x', list: [`${from}/share/a`, 3], n: null },
        from,
        to,
      ),
    ).toEqual({ url: `${to}/blobs/k?sig=1`, other: 'http://localhost:30001/x', list: [`${to}/share/a`, 3], n: null })
  })
})

describe('links in API answers', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      beforeListen(app) {
        app.get('/api/probe/link', { config: { access: 'public' } }, async () => ({
          url: `${t.deps.config.publicUrl}/blobs/abc`,
        }))
      },
    })
  })
  afterAll(() => t?.close())

  it('follow the origin the browser used (here via a trusted proxy) when PUBLIC_URL is unset', async () => {
    expect(t.deps.config.publicUrlConfigured).toBe(false)
    const body = await (await t.api('/api/probe/link', { headers: { 'x-forwarded-host': 'ferry.lan:8080' } })).json()
    expect(body.url).toBe('http://ferry.lan:8080/blobs/abc')
  })
})
