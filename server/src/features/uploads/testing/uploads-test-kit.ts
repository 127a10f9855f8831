import { createHash, randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import { uploadsApi } from '@ferry/contracts/routes/uploads'
import { expect } from 'vitest'
import { presignedRequestAccepted } from '../../../testing/s3-signature.js'
import type { TestApp, TestAppOptions } from '../../../testing/test-app.js'
import { authStacks, bearer, createTestClock, postJson, uniqueIp } from '../../auth/testing/auth-test-kit.js'

export const MiB = 1024 * 1024

type Api = (pathname: string, init?: RequestInit) => Promise<Response>

/** The two test stacks with one controllable clock and generous rate limits (unless `env` says otherwise). */
export function uploadStacks(extra: TestAppOptions = {}) {
  const clock = createTestClock()
  return { clock, stacks: authStacks({ clock, ...extra }) }
}

/** Headers of a caller: a bearer token, or a visitor at an address of its own. */
export const as = (token?: string, ip = uniqueIp()) => ({
  ...(token ? bearer(token) : {}),
  'x-forwarded-for': ip,
  'x-requested-with': 'XMLHttpRequest',
})

export async function call(api: Api, path: keyof typeof uploadsApi, body: unknown, headers: Record<string, string>) {
  const response = await postJson(api, uploadsApi[path].path, body, headers)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { code?: string } }
}

/** Calls an upload endpoint and expects 200; returns the body. */
export async function ok<T = Record<string, unknown>>(
  api: Api,
  path: keyof typeof uploadsApi,
  body: unknown,
  headers: Record<string, string>,
): Promise<T> {
  const result = await call(api, path, body, headers)
  expect(result.status, JSON.stringify(result.body)).toBe(200)
  return result.body as T
}

/** PUTs `body` to a signed URL as a browser would; the status and ETag. */
export async function putTo(url: string, body: Buffer, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'PUT', headers, body: body as BodyInit })
  const text = await response.text()
  return { status: response.status, etag: response.headers.get('etag'), text }
}

export const randomBody = (size: number) => randomBytes(size)

/** Whether the store takes a body of `length` bytes through a signed URL (S3: as a signature-checking S3 would, see s3-signature.ts). */
export async function storeAccepts(
  app: TestApp,
  signed: { url: string; headers: Record<string, string> },
  length: number,
): Promise<boolean> {
  const { storage } = app.deps.config
  if (storage.kind === 's3') {
    return presignedRequestAccepted(signed.url, {
      method: 'PUT',
      secretAccessKey: storage.secretAccessKey ?? '',
      headers: { ...signed.headers, 'content-length': String(length) },
    })
  }
  return (await putTo(signed.url, randomBody(length), signed.headers)).status === 200
}
export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Presigns and PUTs `body`; the key. */
export async function uploadWhole(
  api: Api,
  headers: Record<string, string>,
  body: Buffer,
  target: Record<string, unknown> = {},
): Promise<string> {
  const presigned = await ok<{ url: string; file_key: string; headers: Record<string, string> }>(
    api,
    'presign',
    { filename: 'file.bin', content_type: 'application/octet-stream', file_size: body.length, ...target },
    headers,
  )
  const put = await putTo(presigned.url, body, presigned.headers)
  expect(put.status, put.text).toBe(200)
  return presigned.file_key
}

export interface StartedMultipart {
  key: string
  uploadId: string
  parts: { PartNumber: number; ETag: string }[]
}

/** Creates a multipart upload and sends `bodies` as parts 1..n (not completed). */
export async function uploadParts(
  api: Api,
  headers: Record<string, string>,
  bodies: Buffer[],
  target: Record<string, unknown> = {},
): Promise<StartedMultipart> {
  const fileSize = bodies.reduce((sum, body) => sum + body.length, 0)
  // Parts are signed for their share of the declared size: the first body's size, when it can be one.
  const partSize = bodies.length > 1 && bodies[0]!.length >= 5 * MiB ? bodies[0]!.length : undefined
  const { key, uploadId } = await ok<{ key: string; uploadId: string }>(
    api,
    'multipartCreate',
    { filename: 'big.bin', content_type: 'application/zip', file_size: fileSize, part_size: partSize, ...target },
    headers,
  )
  const parts: StartedMultipart['parts'] = []
  for (const [index, body] of bodies.entries()) {
    parts.push({ PartNumber: index + 1, ETag: await sendPart(api, headers, { key, uploadId }, index + 1, body) })
  }
  return { key, uploadId, parts }
}

/** Signs part `partNumber` and PUTs it; the ETag. */
export async function sendPart(
  api: Api,
  headers: Record<string, string>,
  ref: { key: string; uploadId: string },
  partNumber: number,
  body: Buffer,
): Promise<string> {
  const signed = await ok<{ url: string; headers: Record<string, string> }>(
    api,
    'multipartSignPart',
    { ...ref, partNumber },
    headers,
  )
  const put = await putTo(signed.url, body, signed.headers)
  expect(put.status, put.text).toBe(200)
  expect(put.etag).toBeTruthy()
  return put.etag!
}
