import { uploadsApi } from '@ferry/contracts/routes/uploads'
import { expect } from 'vitest'
import { callJson, servedBy } from './cluster-client.js'

type Api = (pathname: string, init?: RequestInit) => Promise<Response>

export interface Caller {
  api: Api
  /** Bearer token; none for a visitor. */
  token?: string
}

/** PUTs `body` to a signed URL as a browser would; the status, ETag and (through Ferry) the instance. */
export async function putTo(url: string, body: Buffer, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'PUT', headers, body: body as BodyInit })
  const text = await response.text()
  return { status: response.status, etag: response.headers.get('etag'), text, instance: servedBy(response) }
}

/** POST to an upload endpoint, expecting 200; the body and the instance that answered. */
export async function uploadCall<T>(caller: Caller, path: keyof typeof uploadsApi, body: unknown) {
  const result = await callJson<T>(caller.api, 'POST', uploadsApi[path].path, { body, token: caller.token })
  expect(result.status, `${path}: ${JSON.stringify(result.body)}`).toBe(200)
  return { body: result.body as T, instance: result.instance }
}

/** Presign and PUT one whole file; its file record for a transfer or request upload. */
export async function uploadSmall(caller: Caller, name: string, body: Buffer, requestId?: string) {
  const { body: signed } = await uploadCall<{ url: string; file_key: string; headers: Record<string, string> }>(
    caller,
    'presign',
    { filename: name, content_type: 'application/octet-stream', file_size: body.length, request_id: requestId },
  )
  const put = await putTo(signed.url, body, signed.headers)
  expect(put.status, put.text).toBe(200)
  return { file_key: signed.file_key, file_name: name, file_size: body.length }
}

/** Signs part `partNumber` and PUTs it; the ETag and the instance that signed. */
export async function sendPart(
  caller: Caller,
  ref: { key: string; uploadId: string },
  partNumber: number,
  body: Buffer,
) {
  const { body: signed, instance } = await uploadCall<{ url: string; headers: Record<string, string> }>(
    caller,
    'multipartSignPart',
    { ...ref, partNumber },
  )
  const put = await putTo(signed.url, body, signed.headers)
  expect(put.status, put.text).toBe(200)
  expect(put.etag).toBeTruthy()
  return { etag: put.etag!, instance, putInstance: put.instance }
}

/** Splits `body` into parts of `partSize` (the last one shorter). */
export function partsOf(body: Buffer, partSize: number): Buffer[] {
  const parts: Buffer[] = []
  for (let start = 0; start < body.length; start += partSize) parts.push(body.subarray(start, start + partSize))
  return parts
}
