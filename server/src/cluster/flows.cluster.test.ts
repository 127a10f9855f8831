import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkoutBody } from '../features/billing/testing/billing-test-kit.js'
import { type Cluster, metricValue, startCluster } from './harness/cluster.js'
import { callJson, confirmSenderSession, eventually, registerConfirmed, servedBy } from './harness/cluster-client.js'
import { partsOf, sendPart, uploadCall, uploadSmall } from './harness/cluster-uploads.js'

const MiB = 1024 * 1024
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** GET that follows Ferry's redirect to the store (S3); the bytes and who answered first. */
async function download(cluster: Cluster, pathname: string, token?: string) {
  const first = await cluster.api(pathname, {
    redirect: 'manual',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  const instance = servedBy(first)
  const response = first.status === 302 ? await fetch(first.headers.get('location')!) : first
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), instance }
}

describe('three instances behind a round-robin proxy (PostgreSQL, S3, Redis)', () => {
  let cluster: Cluster
  let token: string

  beforeAll(async () => {
    // Sweepers tick every second on every instance.
    cluster = await startCluster({ instances: 3, storage: 's3', env: { JOB_INTERVAL_SECONDS: '1' } })
  })
  afterAll(async () => {
    await cluster?.close()
  })

  it('spreads consecutive requests over every instance', async () => {
    const served: string[] = []
    for (let i = 0; i < 6; i++) served.push(servedBy(await cluster.api('/healthz')))
    expect(new Set(served)).toEqual(new Set(['ferry-1', 'ferry-2', 'ferry-3']))
    for (let i = 1; i < served.length; i++) expect(served[i]).not.toBe(served[i - 1])
  })

  it('signs in on one instance and is recognised by all', async () => {
    const email = `cluster-${randomBytes(4).toString('hex')}@example.com`
    const password = 'cluster password 123'
    // The session that sends is the login's, so that one confirms the Free plan's sender code.
    const registered = await registerConfirmed(cluster, {
      body: { email, password, name: 'Cleo' },
      confirmSender: false,
    })
    expect(registered.status).toBe(201)
    const login = await callJson<{ access_token: string }>(cluster.api, 'POST', '/auth/login', {
      body: { email, password },
    })
    expect(login.status).toBe(200)
    token = login.body.access_token
    await confirmSenderSession(cluster, token, email)
    const seenBy = new Set<string>()
    for (let i = 0; i < 3; i++) {
      // A signed-in-only route: each instance checks the token another one issued.
      const mine = await callJson(cluster.api, 'GET', '/api/transfers', { token })
      expect(mine.status, JSON.stringify(mine.body)).toBe(200)
      seenBy.add(mine.instance)
    }
    expect(seenBy.size).toBe(3)
  })

  it('uploads a multipart file whose parts are signed by different instances, shares it and downloads it byte for byte', async () => {
    const caller = { api: cluster.api, token }
    const big = randomBytes(11 * MiB)
    const created = await uploadCall<{ key: string; uploadId: string }>(caller, 'multipartCreate', {
      filename: 'big.bin',
      content_type: 'application/octet-stream',
      file_size: big.length,
      part_size: 5 * MiB,
    })
    const ref = created.body
    const signers = new Set<string>()
    const parts = []
    for (const [index, body] of partsOf(big, 5 * MiB).entries()) {
      const sent = await sendPart(caller, ref, index + 1, body)
      signers.add(sent.instance)
      parts.push({ PartNumber: index + 1, ETag: sent.etag })
    }
    expect(signers.size).toBe(3)
    const completed = await uploadCall(caller, 'multipartComplete', { ...ref, parts })
    expect(completed.instance).not.toBe(created.instance)

    const small = randomBytes(3000)
    const smallFile = await uploadSmall(caller, 'note.txt', small)
    const transfer = await callJson<{ id: string; unique_id: string }>(cluster.api, 'POST', '/api/transfers', {
      token,
      body: {
        files: [{ file_key: ref.key, file_name: 'big.bin', file_size: big.length }, smallFile],
        recipient_emails: ['rui@example.com'],
        title: 'Cluster transfer',
      },
    })
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(201)

    const shareSeenBy = new Set<string>()
    let files: { file_key: string; file_name: string }[] = []
    for (let i = 0; i < 3; i++) {
      const share = await callJson<{ transfer: { files: typeof files } }>(
        cluster.api,
        'GET',
        `/api/share/${transfer.body.unique_id}`,
      )
      expect(share.status).toBe(200)
      shareSeenBy.add(share.instance)
      files = share.body.transfer.files
    }
    expect(shareSeenBy.size).toBe(3)
    const expected = new Map([
      ['big.bin', big],
      ['note.txt', small],
    ])
    const downloadSeenBy = new Set<string>()
    for (const file of files) {
      const got = await download(
        cluster,
        `/share/${transfer.body.unique_id}/download?file_key=${encodeURIComponent(file.file_key)}`,
      )
      expect(got.status).toBe(200)
      expect(sha256(got.bytes)).toBe(sha256(expected.get(file.file_name)!))
      downloadSeenBy.add(got.instance)
    }
    expect(downloadSeenBy.size).toBe(2)
  })

  it('takes a visitor’s upload to a request link and lets the requester download it', async () => {
    const link = await callJson<{ request_id: string }>(cluster.api, 'POST', '/api/file-request/create', {
      token,
      body: { expires_in_days: 2 },
    })
    expect(link.status).toBe(201)
    const id = link.body.request_id
    const visitor = { api: cluster.api }
    const body = randomBytes(40_000)
    const file = await uploadSmall(visitor, 'from-visitor.bin', body, id)
    const upload = await callJson(cluster.api, 'POST', `/api/file-request/${id}/upload`, {
      body: { files: [file], sender_name: 'Vic', sender_email: 'vic@example.com' },
    })
    expect(upload.status, JSON.stringify(upload.body)).toBe(201)
    const received = await callJson<{ items: { files: { id: string; file_name: string }[] }[] }>(
      cluster.api,
      'GET',
      '/api/received-files',
      { token },
    )
    expect(received.status).toBe(200)
    const fileId = received.body.items[0]!.files[0]!.id
    const got = await download(cluster, `/api/received-files/${fileId}/download`, token)
    expect(got.status).toBe(200)
    expect(sha256(got.bytes)).toBe(sha256(body))
  })

  it('takes a test checkout started on one instance and paid on another: the buyer becomes PREMIUM everywhere', async () => {
    const buyer = await registerConfirmed<{ access_token: string; user: { id: string; role: string } }>(cluster, {
      body: { email: `buyer-${randomBytes(4).toString('hex')}@example.com`, password: 'buyer pass 123', name: 'Bo' },
    })
    expect(buyer.status).toBe(201)
    const buyerToken = buyer.body.access_token
    const started = await callJson<{ session_id: string }>(cluster.api, 'POST', '/api/checkout/session', {
      token: buyerToken,
      body: checkoutBody(buyer.body.user.id, { interval: 'monthly' }),
    })
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    const paid = await callJson(cluster.api, 'POST', `/api/checkout/test/${started.body.session_id}/complete`, {
      token: buyerToken,
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    expect(paid.instance).not.toBe(started.instance)
    const roles = new Map<string, string>()
    for (let i = 0; i < 3; i++) {
      const me = await callJson<{ valid: boolean; user: { role: string } }>(cluster.api, 'POST', '/auth/verify', {
        body: { token: buyerToken },
      })
      roles.set(me.instance, me.body.user.role)
    }
    expect(roles.size).toBe(3)
    expect([...roles.values()]).toEqual(['PREMIUM', 'PREMIUM', 'PREMIUM'])
  })

  it('tags every answer with a request id, keeping the caller’s', async () => {
    const mine = await cluster.api('/healthz', { headers: { 'x-request-id': 'cluster-test-42' } })
    expect(mine.headers.get('x-request-id')).toBe('cluster-test-42')
    const fresh = await cluster.api('/healthz')
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('runs the sweepers on every instance at once without purging anything twice', async () => {
    const caller = { api: cluster.api, token }
    const transferIds: string[] = []
    const transferKeys: string[] = []
    for (let i = 0; i < 6; i++) {
      const file = await uploadSmall(caller, `old-${i}.txt`, randomBytes(500))
      const created = await callJson<{ id: string }>(cluster.api, 'POST', '/api/transfers', {
        token,
        body: { files: [file], recipient_emails: ['old@example.com'], title: `Old ${i}` },
      })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      transferIds.push(created.body.id)
      transferKeys.push(file.file_key)
    }
    const pendingKeys: string[] = []
    for (let i = 0; i < 5; i++)
      pendingKeys.push((await uploadSmall(caller, `never-sent-${i}.txt`, randomBytes(300))).file_key)

    const totals = async (job: string, count: string) => {
      let sum = 0
      for (const instance of cluster.instances) {
        sum += metricValue(await cluster.metrics(instance), 'ferry_job_items_total', { job, count })
      }
      return sum
    }
    const purgedBefore = await totals('sweep-expired-transfers', 'purged')
    const sweptBefore = await totals('sweep-pending-uploads', 'swept')

    const past = new Date(Date.now() - 60_000)
    await cluster.db.query('update transfers set expires_at = $1, purge_after = $1 where id = any($2::uuid[])', [
      past,
      transferIds,
    ])
    await cluster.db.query('update pending_uploads set expires_at = $1 where key = any($2::text[])', [
      past,
      pendingKeys,
    ])

    await eventually(async () => {
      const purged = await cluster.db.query(
        'select count(*)::int as n from transfers where id = any($1::uuid[]) and files_deleted_at is not null',
        [transferIds],
      )
      const left = await cluster.db.query(
        'select count(*)::int as n from pending_uploads where key = any($1::text[])',
        [pendingKeys],
      )
      return purged.rows[0].n === transferIds.length && left.rows[0].n === 0
    }, 'every expired transfer is purged and every stale upload swept')

    expect((await totals('sweep-expired-transfers', 'purged')) - purgedBefore).toBe(transferIds.length)
    expect((await totals('sweep-pending-uploads', 'swept')) - sweptBefore).toBe(pendingKeys.length)
    for (const key of [...transferKeys, ...pendingKeys]) {
      const stored = await fetch(`${cluster.s3!.endpoint}/${cluster.s3!.bucket}/${key}`)
      expect(stored.status, key).toBe(404)
    }
    // Every instance ticked; each tick ran on the one instance holding the lease.
    for (const instance of cluster.instances) {
      const text = await cluster.metrics(instance)
      const ticks = ['ok', 'held_elsewhere'].map((outcome) =>
        metricValue(text, 'ferry_job_runs_total', { job: 'sweep-expired-transfers', outcome }),
      )
      expect(ticks[0]! + ticks[1]!, instance.id).toBeGreaterThan(0)
      expect(metricValue(text, 'ferry_job_runs_total', { outcome: 'error' }), instance.id).toBe(0)
    }
  })
})
