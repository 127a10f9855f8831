import { errorResponse } from '@ferry/contracts/api/system'
import { defineRoutes } from '@ferry/contracts/routes/route'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { bearer, registerAccount } from '../features/auth/testing/auth-test-kit.js'
import { createUsersService } from '../features/users/users.service.js'
import { buildTestApp, type TestApp } from '../testing/test-app.js'
import { registerRoute } from './register-route.js'

const probeApi = defineRoutes('probe', {
  echo: {
    method: 'POST',
    path: '/api/probe/:name',
    access: 'user',
    unauthorizedCode: 'upload_login_required',
    params: z.object({ name: z.string().min(2) }),
    body: z.object({ count: z.int().min(1) }),
    responses: { 200: z.object({ name: z.string(), count: z.int() }) },
  },
  gone: {
    method: 'GET',
    path: '/api/probe-gone',
    access: 'public',
    responses: { 200: z.object({ ok: z.literal(true) }) },
  },
  sealed: {
    method: 'GET',
    path: '/api/probe-sealed',
    access: 'user',
    planFeature: 'password_protection',
    responses: { 200: z.object({ ok: z.literal(true) }) },
  },
})

describe('registerRoute: one definition gives validation, access and documentation', () => {
  let t: TestApp
  const post = (path: string, body: unknown, token?: string) =>
    t.api(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
      body: JSON.stringify(body),
    })

  beforeAll(async () => {
    t = await buildTestApp({
      beforeListen(app) {
        registerRoute(app, probeApi.echo, async (request) => ({ name: request.params.name, count: request.body.count }))
        registerRoute(app, probeApi.sealed, async () => ({ ok: true as const }))
        registerRoute(
          app,
          probeApi.gone,
          async (_request, reply) => reply.status(410).send({ detail: 'Gone', code: 'request_expired', since: 'May' }),
          { errorResponses: { 410: errorResponse.extend({ since: z.string() }) } },
        )
      },
    })
  })
  afterAll(() => t?.close())

  it('answers the definition’s 401 code before it looks at an invalid body', async () => {
    const res = await post('/api/probe/ab', { count: 'not a number' })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ code: 'upload_login_required' })
  })

  it('validates params and body by the definition’s schemas, in the one error shape', async () => {
    const { access_token } = await registerAccount(t.api)
    const badParam = await post('/api/probe/a', { count: 1 }, access_token)
    expect(badParam.status).toBe(400)
    expect(await badParam.json()).toMatchObject({ code: 'validation_failed' })
    const badBody = await post('/api/probe/ab', { count: 0 }, access_token)
    expect(badBody.status).toBe(400)
    const ok = await post('/api/probe/ab', { count: 3 }, access_token)
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ name: 'ab', count: 3 })
  })

  it('answers 403 plan_feature_missing to a plan without the route’s feature, and lets a plan with it in', async () => {
    const free = await registerAccount(t.api)
    const refused = await t.api('/api/probe-sealed', { headers: bearer(free.access_token) })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ code: 'plan_feature_missing' })

    const pro = await registerAccount(t.api)
    await createUsersService(t.deps).setRole(pro.user.email, 'PREMIUM')
    const allowed = await t.api('/api/probe-sealed', { headers: bearer(pro.access_token) })
    expect(allowed.status).toBe(200)
    expect(await allowed.json()).toEqual({ ok: true })
  })

  it('keeps the fields of a per-route error response beyond the one error shape', async () => {
    const res = await t.api('/api/probe-gone')
    expect(res.status).toBe(410)
    expect(await res.json()).toEqual({ detail: 'Gone', code: 'request_expired', since: 'May' })
  })

  it('documents the route under its group’s tag, with the error shape', async () => {
    const doc = await (await t.api('/api/docs/json')).json()
    const operation = doc.paths['/api/probe/{name}'].post
    expect(operation.tags).toEqual(['probe'])
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '4XX']))
  })

  it('says in the document which API-key scope a route takes, or that keys may not call it', async () => {
    const doc = await (await t.api('/api/docs/json')).json()
    expect(doc.paths['/api/transfers/{id}'].delete.description).toContain('`transfers:write`')
    expect(doc.paths['/api/put/{filename}'].put.description).toContain('`transfers:write`')
    expect(doc.paths['/api/keys'].post.description).toContain('Not for API keys')
    expect(doc.paths['/api/plans'].get.description ?? '').not.toContain('API key')
  })
})
