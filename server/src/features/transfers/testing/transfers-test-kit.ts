import { createHash, randomBytes } from 'node:crypto'
import path from 'node:path'
import type { ShareResponse, TransferCreateRequest, TransferList } from '@ferry/contracts/api/transfers'
import type { Role } from '@ferry/contracts/api/users'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { transfers } from '../../../db/schema/index.js'

export { readStoredZip, unzipTest } from '../../../http/download/testing/zip-reader.js'

import { readOutbox } from '../../../testing/mail-reader.js'
import type { TestApp } from '../../../testing/test-app.js'
import { bearer, registerConfirmedAccount } from '../../auth/testing/auth-test-kit.js'
import { confirmSender } from '../../sender-confirmation/testing/sender-confirmation-test-kit.js'
import { as, uploadWhole } from '../../uploads/testing/uploads-test-kit.js'

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
export const randomBody = (size: number) => randomBytes(size)

export interface Sender {
  token: string
  id: string
  email: string
  name: string
}

/**
 * A fresh, confirmed account of this role (the guard reads the role on every request). On a plan
 * with `requires_otp` its session also confirmed the emailed sender code (`senderConfirmed: false`
 * leaves that to the test).
 */
export async function signUp(
  app: TestApp,
  role: Role = 'FREE',
  name = 'Ana Sender',
  options: { senderConfirmed?: boolean } = {},
): Promise<Sender> {
  const account = await registerConfirmedAccount(app, { name })
  if (role !== 'FREE') await app.services.users.setRole(account.user.email, role)
  if (options.senderConfirmed !== false) await confirmSender(app, account.access_token, account.user.email)
  return { token: account.access_token, id: account.user.id, email: account.user.email, name }
}

/** Uploads each file through the real presign + PUT flow; the file records of a create payload. */
export async function uploadFiles(
  app: TestApp,
  sender: Sender,
  files: { name: string; body: Buffer; type?: string }[],
) {
  const records = []
  for (const file of files) {
    const key = await uploadWhole(app.api, as(sender.token), file.body, {
      filename: file.name,
      content_type: file.type ?? 'application/octet-stream',
      file_size: file.body.length,
    })
    records.push({ file_key: key, file_name: file.name, file_size: file.body.length })
  }
  return records
}

export async function postTransfer(app: TestApp, token: string, body: TransferCreateRequest | Record<string, unknown>) {
  const res = await app.api('/api/transfers', {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & { code?: string; detail?: string },
  }
}

export async function getJson<T = Record<string, unknown>>(app: TestApp, pathname: string, token?: string) {
  const res = await app.api(pathname, token ? { headers: bearer(token) } : undefined)
  return { status: res.status, body: (await res.json()) as T & { code?: string; detail?: string } }
}

export const share = (app: TestApp, uniqueId: string, options: { t?: string; token?: string } = {}) =>
  getJson<ShareResponse>(app, `/api/share/${uniqueId}${options.t ? `?t=${options.t}` : ''}`, options.token)

export const listTransfers = (app: TestApp, token: string, pathname = '/api/transfers') =>
  getJson<TransferList>(app, pathname, token)

export const outboxDir = (app: TestApp) => path.join(app.dataDir, 'mail')
export const outbox = (app: TestApp) => readOutbox(outboxDir(app))

/** Sets a transfer's expiry (and purge time) as if that much time had passed. */
export async function setExpiry(app: TestApp, transferId: string, expiresAt: Date, purgeAfter = expiresAt) {
  await app.deps.database.db.update(transfers).set({ expiresAt, purgeAfter }).where(eq(transfers.id, transferId))
}

export async function transferRow(app: TestApp, transferId: string) {
  const [row] = await app.deps.database.db.select().from(transfers).where(eq(transfers.id, transferId))
  return row
}

export const downloadCount = async (app: TestApp, transferId: string) =>
  (await transferRow(app, transferId))!.downloadCount

/**
 * Downloads the whole transfer as a recipient would, waits until that download is counted, and
 * returns the count then. Downloads are counted once their response is finished, after it reached
 * the client; one started after others is counted after them, so the count tells whether they were.
 */
export async function countOneMore(app: TestApp, transferId: string): Promise<number> {
  const before = await transferRow(app, transferId)
  const res = await fetch(`${app.url}/share/${before!.uniqueId}/download?as_zip=true`)
  expect(res.status).toBe(200)
  await res.arrayBuffer()
  await expect.poll(() => downloadCount(app, transferId)).toBeGreaterThan(before!.downloadCount)
  return downloadCount(app, transferId)
}

/** The share id and each recipient's tracking id, from the link in their email. */
export function linkParts(link: string) {
  const url = new URL(link)
  const match = /^\/share\/([A-Za-z0-9_-]+)$/.exec(url.pathname)
  expect(match, link).toBeTruthy()
  return { uniqueId: match![1]!, t: url.searchParams.get('t') ?? '' }
}

export async function fetchBytes(url: string, init?: RequestInit) {
  const res = await fetch(url, init)
  return { res, bytes: Buffer.from(await res.arrayBuffer()) }
}
