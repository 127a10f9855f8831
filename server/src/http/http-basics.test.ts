import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { buildTestApp, type TestApp } from '../testing/test-app.js'

describe('HTTP basics', () => {
  let t: TestApp
  beforeAll(async () => {
    // A tiny web build so the static and SPA-fallback paths are exercised.
    const webDist = await fs.mkdtemp(path.join((await import('node:os')).tmpdir(), 'ferry-web-'))
    await fs.mkdir(path.join(webDist, 'assets'))
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Ferry</title><div id="root"></div>')
    await fs.writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)')
    t = await buildTestApp({
      env: { WEB_DIST: webDist, BODY_LIMIT_BYTES: '1024' },
      beforeListen(app) {
        app.post(
          '/api/probe',
          {
            schema: { body: z.object({ email: z.email(), count: z.number().int().min(1) }) },
            config: { access: 'public' },
          },
          async (request) => ({ echoed: request.body }),
        )
        app.get('/api/probe/crash', { config: { access: 'public' } }, async () => {
          throw new Error('secret internal detail')
        })
      },
    })
  })
  afterAll(() => t?.close())

  it('answers /healthz while the process is up', async () => {
    const res = await t.api('/healthz')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
  })

  it('answers /readyz 200 when the database and storage respond', async () => {
    const res = await t.api('/readyz')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } })
  })

  it('answers an unknown /api route with a JSON 404', async () => {
    const res = await t.api('/api/does-not-exist')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    expect(await res.json()).toEqual({ detail: 'This API route does not exist.', code: 'route_not_found' })
  })

  it('answers a malformed JSON body with 400 and a message', async () => {
    const res = await t.api('/api/probe', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'invalid_json', detail: 'The request body is not valid JSON.' })
  })

  it('answers a body that fails its schema with 400 naming the field', async () => {
    const res = await t.api('/api/probe', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email', count: 1 }),
    })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.code).toBe('validation_failed')
    expect(body.detail).toMatch(/^email: /)
  })

  it('answers a body over the limit with 413', async () => {
    const res = await t.api('/api/probe', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${'a'.repeat(2000)}@example.com`, count: 1 }),
    })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ detail: 'The request body is too large.', code: 'payload_too_large' })
  })

  it('hides internal error details behind a 500 in the one error shape', async () => {
    const res = await t.api('/api/probe/crash')
    expect(res.status).toBe(500)
    const body = await res.json()
    expect(body).toEqual({ detail: 'Something went wrong on our side. Please try again.', code: 'internal' })
  })

  it('serves the OpenAPI document and its browsable UI at /api/docs', async () => {
    const doc = await (await t.api('/api/docs/json')).json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toContain('/api/probe')
    const ui = await t.api('/api/docs')
    expect(ui.status).toBe(200)
    expect(await ui.text()).toMatch(/swagger/i)
  })

  it('serves the web app for client routes, with revalidation', async () => {
    const res = await t.api('/transfers/some-id')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(await res.text()).toContain('<div id="root">')
  })

  it('serves the web app at / with revalidation', async () => {
    const res = await t.api('/?lng=es')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(await res.text()).toContain('<div id="root">')
  })

  it('caches hashed assets for a year and 404s missing files', async () => {
    const asset = await t.api('/assets/app-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await t.api('/assets/missing-123.js')).status).toBe(404)
  })
})
