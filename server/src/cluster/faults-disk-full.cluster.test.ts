import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { errorMessages } from '@ferry/contracts/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cluster, startCluster } from './harness/cluster.js'
import { callJson, registerConfirmed } from './harness/cluster-client.js'
import { putTo, uploadCall, uploadSmall } from './harness/cluster-uploads.js'

const MiB = 1024 * 1024

/** Bytes in use on the file system holding `dir`. */
const usedBytes = (dir: string) => {
  const s = fs.statfsSync(dir)
  return (s.blocks - s.bfree) * s.bsize
}

const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))

describe('disk full on the local driver (an 8 MiB tmpfs as the blob folder)', () => {
  let cluster: Cluster | undefined
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-cluster-full-'))
  const blobs = path.join(dataDir, 'blobs')
  let mounted = false

  beforeAll(async () => {
    fs.mkdirSync(blobs)
    const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', blobs], { encoding: 'utf8' })
    if (mount.status !== 0) {
      throw new Error(
        `This test needs to mount a small tmpfs (run as root, or with CAP_SYS_ADMIN): ${mount.stderr || mount.error}`,
      )
    }
    mounted = true
    cluster = await startCluster({ instances: 2, storage: 'local', dataDir })
  })
  afterAll(async () => {
    await cluster?.close()
    if (mounted) spawnSync('umount', [blobs])
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('answers 507 storage_full with a clear message and keeps nothing partial', async () => {
    const c = cluster!
    const registered = await registerConfirmed<{ access_token: string }>(c, {
      body: { email: `full-${randomBytes(4).toString('hex')}@example.com`, password: 'disk full pass 1', name: 'Flo' },
    })
    const caller = { api: c.api, token: registered.body.access_token }
    const first = await uploadSmall(caller, 'fits.bin', randomBytes(5 * MiB))
    const filesBefore = filesUnder(blobs)
    const usedBefore = usedBytes(blobs)

    // A single PUT that does not fit.
    const { body: signed } = await uploadCall<{ url: string; file_key: string; headers: Record<string, string> }>(
      caller,
      'presign',
      { filename: 'too-big.bin', content_type: 'application/octet-stream', file_size: 5 * MiB },
    )
    const put = await putTo(signed.url, randomBytes(5 * MiB), signed.headers)
    expect(put.status, put.text).toBe(507)
    expect(JSON.parse(put.text)).toEqual({ code: 'storage_full', detail: errorMessages.storage_full })

    // A multipart part that does not fit.
    const { body: ref } = await uploadCall<{ key: string; uploadId: string }>(caller, 'multipartCreate', {
      filename: 'too-big-parts.bin',
      content_type: 'application/octet-stream',
      file_size: 10 * MiB,
      part_size: 5 * MiB,
    })
    const { body: part } = await uploadCall<{ url: string; headers: Record<string, string> }>(
      caller,
      'multipartSignPart',
      { ...ref, partNumber: 1 },
    )
    const partPut = await putTo(part.url, randomBytes(5 * MiB), part.headers)
    expect(partPut.status, partPut.text).toBe(507)
    expect(JSON.parse(partPut.text)).toMatchObject({ code: 'storage_full' })
    const listed = await uploadCall<{ parts: unknown[] }>(caller, 'multipartListParts', ref)
    expect(listed.body.parts).toEqual([])

    // Nothing partial was kept: the same files (plus the empty upload's record), the same space used.
    const extra = filesUnder(blobs).filter((f) => !filesBefore.includes(f))
    expect(
      extra.every((f) => fs.statSync(f).size < 4096),
      String(extra),
    ).toBe(true)
    expect(usedBytes(blobs) - usedBefore).toBeLessThan(64 * 1024)

    // The upload that failed cannot make a transfer; the one that fitted can.
    const refused = await callJson(c.api, 'POST', '/api/transfers', {
      token: caller.token,
      body: {
        files: [{ file_key: signed.file_key, file_name: 'too-big.bin', file_size: 5 * MiB }],
        recipient_emails: ['fay@example.com'],
        title: 'Never stored',
      },
    })
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(refused.status).toBeLessThan(500)
    const stored = await c.db.query("select count(*)::int as n from transfers where title = 'Never stored'")
    expect(stored.rows[0].n).toBe(0)
    const sent = await callJson(c.api, 'POST', '/api/transfers', {
      token: caller.token,
      body: { files: [first], recipient_emails: ['fay@example.com'], title: 'Fitted' },
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
  })
})
