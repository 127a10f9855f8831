import { defineRoutes } from '@ferry/contracts/routes/route'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createApiClient, registerApiAuth } from './api-client.js'
import { ApiError } from './api-error.js'

interface Call {
  url: string
  init: RequestInit
}

function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = []
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init }
    calls.push(call)
    return respond(call)
  }
  return { fetch: fetch as typeof globalThis.fetch, calls }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

let unregister = () => {}
afterEach(() => unregister())

const thingsApi = defineRoutes('things', {
  rename: {
    method: 'PATCH',
    path: '/x/things/:id',
    access: 'user',
    params: z.object({ id: z.string() }),
    query: z.object({ notify: z.enum(['yes', 'no']).optional() }),
    body: z.object({ name: z.string() }),
    responses: { 200: z.object({ id: z.string(), name: z.string() }) },
  },
  create: {
    method: 'POST',
    path: '/x/things',
    access: 'user',
    query: z.object({ a: z.string().optional(), skip: z.string().optional() }),
    body: z.object({ title: z.string() }),
    responses: { 201: z.object({ id: z.string() }) },
  },
  list: { method: 'GET', path: '/x/things', access: 'public', responses: { 200: z.unknown() } },
  remove: {
    method: 'DELETE',
    path: '/x/things/:id',
    access: 'user',
    params: z.object({ id: z.string() }),
    responses: { 204: null },
  },
})

describe('call(route, input)', () => {
  it('sends the route’s method to its path with params, query and body, and parses the answer by its schema', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { id: 'a/b', name: 'New', extra: 'dropped' }))
    const api = createApiClient({ fetch })

    const result = await api.call(thingsApi.rename, {
      params: { id: 'a/b' },
      query: { notify: 'no' },
      body: { name: 'New' },
    })

    expect(result).toEqual({ id: 'a/b', name: 'New' })
    expect(calls[0]?.url).toBe('/x/things/a%2Fb?notify=no')
    expect(calls[0]?.init.method).toBe('PATCH')
    expect(calls[0]?.init.body).toBe('{"name":"New"}')
  })

  it('resolves to undefined for a route without a JSON success body', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 204 }))
    const controller = new AbortController()
    await expect(
      createApiClient({ fetch }).call(thingsApi.remove, { params: { id: '7' } }, { signal: controller.signal }),
    ).resolves.toBeUndefined()
    expect(calls[0]?.init.signal).toBe(controller.signal)
  })

  it('fails in the one error shape when the answer does not match the schema', async () => {
    const { fetch } = fakeFetch(() => json(200, { id: 1 }))
    await expect(
      createApiClient({ fetch }).call(thingsApi.rename, { params: { id: '1' }, body: { name: 'x' } }),
    ).rejects.toThrow()
  })
})

describe('createApiClient', () => {
  it('sends credentials (the auth cookie), X-Requested-With and a JSON body, and never an Authorization header', async () => {
    const { fetch, calls } = fakeFetch(() => json(201, { id: 'abc' }))
    const api = createApiClient({ fetch })

    const result = await api.call(thingsApi.create, { query: { a: '1', skip: undefined }, body: { title: 'Thing' } })

    expect(result).toEqual({ id: 'abc' })
    expect(calls).toHaveLength(1)
    const [call] = calls
    expect(call?.url).toBe('/x/things?a=1')
    expect(call?.init.method).toBe('POST')
    expect(call?.init.credentials).toBe('include')
    expect(call?.init.body).toBe('{"title":"Thing"}')
    expect(call?.init.headers).toMatchObject({
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
    })
    expect(call?.init.headers).not.toHaveProperty('Authorization')
  })

  it('sends no cookie when told not to (the upload-request page)', async () => {
    const { fetch, calls } = fakeFetch(() => json(201, { id: 'a' }))
    await createApiClient({ fetch, withSession: false }).call(thingsApi.create, { body: { title: 'a' } })
    expect(calls[0]?.init.credentials).toBe('omit')
    expect(calls[0]?.init.headers).not.toHaveProperty('Authorization')
    expect(calls[0]?.init.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest' })
  })

  it('throws ApiError with the server detail and code', async () => {
    const { fetch } = fakeFetch(() => json(403, { detail: 'Transfer exceeds your plan limits.', code: 'plan_limit' }))
    const error = await createApiClient({ fetch })
      .call(thingsApi.list)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 403, detail: 'Transfer exceeds your plan limits.', code: 'plan_limit' })
  })

  it('keeps the parsed error body, and none when it is not JSON', async () => {
    const expired = {
      detail: 'This upload link has expired.',
      code: 'request_expired',
      expires_at: '2026-01-02T03:04:05Z',
    }
    const { fetch } = fakeFetch(() => json(410, expired))
    await expect(createApiClient({ fetch }).call(thingsApi.list)).rejects.toMatchObject({
      status: 410,
      code: 'request_expired',
      body: expired,
    })
    const plain = fakeFetch(() => new Response('<html>Bad Gateway</html>', { status: 502 }))
    const error = await createApiClient({ fetch: plain.fetch })
      .call(thingsApi.list)
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 502, body: undefined })
  })

  it('calls the unauthorized hook on 401, unless turned off', async () => {
    let cleared = 0
    unregister = registerApiAuth({ onUnauthorized: () => cleared++ })
    const { fetch } = fakeFetch(() => json(401, { detail: 'Not authenticated', code: 'unauthorized' }))

    await expect(createApiClient({ fetch }).call(thingsApi.list)).rejects.toMatchObject({ status: 401 })
    expect(cleared).toBe(1)
    await expect(createApiClient({ fetch, handleUnauthorized: false }).call(thingsApi.list)).rejects.toMatchObject({
      status: 401,
      detail: 'Not authenticated',
    })
    expect(cleared).toBe(1)
  })

  it('keeps the session on a 401 that asks for a transfer’s password', async () => {
    let cleared = 0
    unregister = registerApiAuth({ onUnauthorized: () => cleared++ })
    for (const code of ['password_required', 'password_incorrect']) {
      const { fetch } = fakeFetch(() => json(401, { detail: 'Locked', code }))
      await expect(createApiClient({ fetch }).call(thingsApi.list)).rejects.toMatchObject({ status: 401, code })
    }
    expect(cleared).toBe(0)
  })

  it('turns a network failure into ApiError status 0', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    await expect(createApiClient({ fetch }).call(thingsApi.list)).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      detail: 'Failed to connect to the server. Please try again.',
    })
  })
})
