import type { ApiKeyScope } from '@ferry/contracts/api/api-keys'
import { expect } from 'vitest'
import type { TestApp } from '../../../testing/test-app.js'
import { bearer, postJson } from '../../auth/testing/auth-test-kit.js'

type Api = TestApp['api']

/** Makes an API key through POST /api/keys with the session `token`; its id and the key. */
export async function createApiKey(
  api: Api,
  token: string,
  scopes: ApiKeyScope[] = ['transfers:read', 'transfers:write'],
  name = 'Backups',
): Promise<{ id: string; key: string }> {
  const res = await postJson(api, '/api/keys', { name, scopes }, bearer(token))
  const body = (await res.json()) as { id: string; key: string }
  expect(res.status, JSON.stringify(body)).toBe(201)
  return body
}

/** PUT /api/put/{filename} with `body`, as `curl -T` does; the status and the text answered. */
export async function putFile(
  app: Pick<TestApp, 'api'>,
  key: string | undefined,
  filename: string,
  body: BodyInit | Buffer,
  query = '',
  headers: Record<string, string> = {},
) {
  const init: RequestInit & { duplex?: 'half' } = {
    method: 'PUT',
    headers: { ...(key ? bearer(key) : {}), ...headers },
    body: body as BodyInit,
  }
  if (body instanceof ReadableStream) init.duplex = 'half'
  const res = await app.api(`/api/put/${encodeURIComponent(filename)}${query}`, init)
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') }
}

/** A body of unknown length (sent chunked): `chunks` pieces of `chunkSize` bytes from `source`. */
export function chunkedBody(source: Buffer, chunkSize = 64 * 1024): ReadableStream<Uint8Array> {
  let offset = 0
  return new ReadableStream({
    pull(controller) {
      if (offset >= source.length) return controller.close()
      controller.enqueue(new Uint8Array(source.subarray(offset, offset + chunkSize)))
      offset += chunkSize
    },
  })
}
