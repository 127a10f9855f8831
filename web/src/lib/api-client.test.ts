import { afterEach, describe, expect, it } from 'vitest'
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

describe('createApiClient', () => {
  it('sends credentials (the auth cookie), X-Requested-With and a JSON body, and never an Authorization header', async () => {
    const { fetch, calls } = fakeFetch(() => json(201, { id: 'abc' }))
    const api = createApiClient({ fetch })

    const result = await api.post('/api/rooms', { title: 'Room' }, { query: { a: 1, skip: undefined } })

    expect(result).toEqual({ id: 'abc' })
    expect(calls).toHaveLength(1)
    const [call] = calls
    expect(call?.url).toBe('/api/rooms?a=1')
    expect(call?.init.method).toBe('POST')
    expect(call?.init.credentials).toBe('include')
    expect(call?.init.body).toBe('{"title":"Room"}')
    expect(call?.init.headers).toMatchObject({
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
    })
    expect(call?.init.headers).not.toHaveProperty('Authorization')
  })

  it('sends no cookie when told not to (the upload-request page)', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}))
    await createApiClient({ fetch, withSession: false }).post('/api/presign', { filename: 'a' })
    expect(calls[0]?.init.credentials).toBe('omit')
    expect(calls[0]?.init.headers).not.toHaveProperty('Authorization')
    expect(calls[0]?.init.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest' })
  })

  it('throws ApiError with the server detail and code', async () => {
    const { fetch } = fakeFetch(() => json(403, { detail: 'Transfer exceeds your plan limits.', code: 'plan_limit' }))
    const error = await createApiClient({ fetch })
      .get('/api/transfers')
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
    await expect(createApiClient({ fetch }).get('/api/file-request/x')).rejects.toMatchObject({
      status: 410,
      code: 'request_expired',
      body: expired,
    })
    const plain = fakeFetch(() => new Response('<html>Bad Gateway</html>', { status: 502 }))
    const error = await createApiClient({ fetch: plain.fetch })
      .get('/api/transfers')
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 502, body: undefined })
  })

  it('calls the unauthorized hook on 401, unless turned off', async () => {
    let cleared = 0
    unregister = registerApiAuth({ onUnauthorized: () => cleared++ })
    const { fetch } = fakeFetch(() => json(401, { detail: 'Not authenticated', code: 'unauthorized' }))

    await expect(createApiClient({ fetch }).get('/api/transfers')).rejects.toMatchObject({ status: 401 })
    expect(cleared).toBe(1)
    await expect(createApiClient({ fetch, handleUnauthorized: false }).post('/auth/login', {})).rejects.toMatchObject({
      status: 401,
      detail: 'Not authenticated',
    })
    expect(cleared).toBe(1)
  })

  it('turns a network failure into ApiError status 0', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    await expect(createApiClient({ fetch }).get('/api/system/config')).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      detail: 'Failed to connect to the server. Please try again.',
    })
  })

  it('validates the body with the given schema', async () => {
    const { fetch } = fakeFetch(() => json(200, { status: 'ok' }))
    const schema = {
      parse(input: unknown) {
        if ((input as { status?: unknown }).status !== 'ok') throw new Error('bad')
        return input as { status: 'ok' }
      },
    }
    const result: { status: 'ok' } = await createApiClient({ fetch }).get('/healthz', { schema })
    expect(result.status).toBe('ok')
  })
})
