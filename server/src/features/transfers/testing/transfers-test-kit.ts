import { execFile } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { crc32 } from 'node:zlib'
import type { ShareResponse, Transfer, TransferCreateRequest } from '@ferry/contracts/api/transfers'
import type { Role } from '@ferry/contracts/api/users'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { transfers } from '../../../db/schema/index.js'
import { readOutbox } from '../../../testing/mail-reader.js'
import type { TestApp } from '../../../testing/test-app.js'
import { bearer, registerAccount } from '../../auth/testing/auth-test-kit.js'
import { as, uploadWhole } from '../../uploads/testing/uploads-test-kit.js'
import { createUsersService } from '../../users/users.service.js'

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
export const randomBody = (size: number) => randomBytes(size)

export interface Sender {
  token: string
  id: string
  email: string
  name: string
}

/** A fresh account of this role (the guard reads the role on every request). */
export async function signUp(app: TestApp, role: Role = 'FREE', name = 'Ana Sender'): Promise<Sender> {
  const account = await registerAccount(app.api, { name })
  if (role !== 'FREE') await createUsersService(app.deps).setRole(account.user.email, role)
  return { token: account.access_token, id: account.user.id, email: account.user.email, name }
}

/** Uploads each file through the real presign + PUT flow; the file records of a create payload. */
export async function uploadFiles(app: TestApp, sender: Sender, files: { name: string; body: Buffer }[]) {
  const records = []
  for (const file of files) {
    const key = await uploadWhole(app.api, as(sender.token), file.body, {
      filename: file.name,
      content_type: 'application/octet-stream',
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
  getJson<Transfer[]>(app, pathname, token)

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

/**
 * The entries of a ZIP, read from its central directory (ZIP64 included), STORED entries
 * only, each checked against its CRC-32. Enough to check Ferry's own archives.
 */
export function readStoredZip(zip: Buffer): Map<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  expect(eocd).toBeGreaterThanOrEqual(0)
  let count = zip.readUInt16LE(eocd + 10)
  let offset = zip.readUInt32LE(eocd + 16)
  if (offset === 0xffffffff || count === 0xffff) {
    const locator = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x07]))
    const record = Number(zip.readBigUInt64LE(locator + 8))
    count = Number(zip.readBigUInt64LE(record + 32))
    offset = Number(zip.readBigUInt64LE(record + 48))
  }
  const entries = new Map<string, Buffer>()
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(offset)).toBe(0x02014b50)
    const method = zip.readUInt16LE(offset + 10)
    const crc = zip.readUInt32LE(offset + 16)
    let size = zip.readUInt32LE(offset + 20)
    const nameLength = zip.readUInt16LE(offset + 28)
    const extraLength = zip.readUInt16LE(offset + 30)
    const commentLength = zip.readUInt16LE(offset + 32)
    let local = zip.readUInt32LE(offset + 42)
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength)
    const extra = zip.subarray(offset + 46 + nameLength, offset + 46 + nameLength + extraLength)
    for (let e = 0; e + 4 <= extra.length; ) {
      const id = extra.readUInt16LE(e)
      const length = extra.readUInt16LE(e + 2)
      if (id === 0x0001) {
        let at = e + 4
        if (size === 0xffffffff) {
          size = Number(extra.readBigUInt64LE(at))
          at += 16
        }
        if (local === 0xffffffff) local = Number(extra.readBigUInt64LE(at))
      }
      e += 4 + length
    }
    expect(method, `${name} is STORED`).toBe(0)
    expect(zip.readUInt32LE(local)).toBe(0x04034b50)
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const data = zip.subarray(dataStart, dataStart + size)
    expect(crc32(data) >>> 0, `${name} CRC`).toBe(crc)
    entries.set(name, Buffer.from(data))
    offset += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/** Debian's `unzip -t` on the archive: an independent check that it is a valid ZIP. */
export async function unzipTest(zip: Buffer): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-zip-'))
  try {
    const file = path.join(dir, 'test.zip')
    await fs.writeFile(file, zip)
    const { stdout } = await promisify(execFile)('unzip', ['-t', file])
    return stdout
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}
