import { routePath } from '@ferry/contracts/routes/route'
import { uploadsApi as routes } from '@ferry/contracts/routes/uploads'
import { describe, expect, it } from 'vitest'
import { createApiClient } from '../../../lib/api-client.js'
import { UploadError } from '../upload-error.js'
import { createUploadsApi } from './uploads-api.js'

interface Call {
  url: string
  body: unknown
}

function fakeServer(respond: (url: string, body: unknown) => Response) {
  const calls: Call[] = []
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ url: String(input), body })
    return respond(String(input), body)
  }
  return { api: createUploadsApi(createApiClient({ fetch: fetch as typeof globalThis.fetch })), calls }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

async function failure(promise: Promise<unknown>) {
  const error = await promise.catch((e: unknown) => e)
  expect(error).toBeInstanceOf(UploadError)
  return (error as UploadError).failure
}

describe('createUploadsApi', () => {
  it('presigns with the declared size and returns the url, key and headers', async () => {
    const answer = { url: '/blobs/k?sig=1', file_key: 'k', headers: { 'Content-Type': 'image/png' } }
    const { api, calls } = fakeServer(() => json(200, answer))
    const request = { filename: 'a.png', content_type: 'image/png', file_size: 12, request_id: 'r1' }
    expect(await api.presign(request)).toEqual(answer)
    expect(calls).toEqual([{ url: routePath(routes.presign), body: request }])
  })

  it('tells a failed presign from one without a URL', async () => {
    const refused = fakeServer(() => json(413, { detail: 'Files exceed your 2GB limit', code: 'plan_limit' }))
    expect(await failure(refused.api.presign({ filename: 'a', file_size: 1 }))).toEqual({
      code: 'presign_failed',
      status: 413,
      serverCode: 'plan_limit',
      detail: 'Files exceed your 2GB limit',
      retryable: false,
    })
    const noUrl = fakeServer(() => json(200, { file_key: 'k', headers: {} }))
    expect(await failure(noUrl.api.presign({ filename: 'a', file_size: 1 }))).toMatchObject({ code: 'presign_no_url' })
    const emptyUrl = fakeServer(() => json(200, { url: '', file_key: 'k', headers: {} }))
    expect(await failure(emptyUrl.api.presign({ filename: 'a', file_size: 1 }))).toMatchObject({
      code: 'presign_no_url',
    })
    const noKey = fakeServer(() => json(200, { url: '/blobs/k', headers: {} }))
    expect(await failure(noKey.api.presign({ filename: 'a', file_size: 1 }))).toMatchObject({ code: 'presign_failed' })
  })

  it('names each multipart step in its failures', async () => {
    const { api } = fakeServer(() => json(503, { detail: 'Busy', code: 'service_unavailable' }))
    const ref = { uploadId: 'u', key: 'k' }
    expect(await failure(api.createMultipart({ filename: 'a', file_size: 1 }))).toMatchObject({
      code: 'multipart_create_failed',
      retryable: true,
    })
    expect(await failure(api.signParts({ ...ref, partNumbers: [1] }))).toMatchObject({ code: 'sign_part_failed' })
    expect(await failure(api.listParts(ref))).toMatchObject({ code: 'upload_failed' })
    expect(await failure(api.completeMultipart({ ...ref, parts: [{ PartNumber: 1, ETag: '"e"' }] }))).toMatchObject({
      code: 'multipart_complete_failed',
    })
  })

  it('calls the multipart endpoints with the contract shapes', async () => {
    const { api, calls } = fakeServer((url) => {
      if (url === routePath(routes.multipartCreate))
        return json(200, { uploadId: 'u', key: 'k', parts: [{ partNumber: 1, url: '/blobs/k?part=1', headers: {} }] })
      if (url === routePath(routes.multipartSignParts))
        return json(200, { parts: [{ partNumber: 1, url: '/blobs/k?part=1', headers: {} }] })
      if (url === routePath(routes.multipartListParts))
        return json(200, { parts: [{ PartNumber: 1, ETag: '"e"', Size: 5 }] })
      if (url === routePath(routes.multipartComplete)) return json(200, { location: '/blobs/k' })
      return json(200, { aborted: true })
    })
    const ref = { uploadId: 'u', key: 'k' }
    expect(await api.createMultipart({ filename: 'big.bin', file_size: 200 })).toEqual({
      ...ref,
      parts: [{ partNumber: 1, url: '/blobs/k?part=1', headers: {} }],
    })
    expect(await api.signParts({ ...ref, partNumbers: [1] })).toEqual([
      { partNumber: 1, url: '/blobs/k?part=1', headers: {} },
    ])
    expect(await api.listParts(ref)).toEqual([{ PartNumber: 1, ETag: '"e"', Size: 5 }])
    expect(await api.completeMultipart({ ...ref, parts: [{ PartNumber: 1, ETag: '"e"' }] })).toEqual({
      location: '/blobs/k',
    })
    await api.abortMultipart(ref)
    expect(calls.map((c) => c.url)).toEqual([
      routePath(routes.multipartCreate),
      routePath(routes.multipartSignParts),
      routePath(routes.multipartListParts),
      routePath(routes.multipartComplete),
      routePath(routes.multipartAbort),
    ])
    expect(calls[1]?.body).toEqual({ uploadId: 'u', key: 'k', partNumbers: [1] })
  })

  it('ignores abort failures', async () => {
    const { api } = fakeServer(() => json(404, { detail: 'Gone' }))
    await expect(api.abortMultipart({ uploadId: 'u', key: 'k' })).resolves.toBeUndefined()
  })
})
