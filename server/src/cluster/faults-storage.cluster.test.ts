import { randomBytes } from 'node:crypto'
import { errorMessages } from '@ferry/contracts/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cluster, startCluster } from './harness/cluster.js'
import { callJson, registerConfirmed } from './harness/cluster-client.js'
import { putTo, uploadSmall } from './harness/cluster-uploads.js'

const unavailable = { code: 'storage_unavailable', detail: errorMessages.storage_unavailable }

describe('the S3 server unavailable', () => {
  let cluster: Cluster

  beforeAll(async () => {
    cluster = await startCluster({ instances: 3, storage: 's3' })
  })
  afterAll(async () => {
    await cluster?.close()
  })

  it('fails uploads and downloads with a clear message, creates no transfer without its files, and recovers', async () => {
    const registered = await registerConfirmed<{ access_token: string }>(cluster, {
      body: { email: `s3-${randomBytes(4).toString('hex')}@example.com`, password: 's3 outage pass 1', name: 'Sam' },
    })
    const token = registered.body.access_token
    const caller = { api: cluster.api, token }
    const shared = await uploadSmall(caller, 'shared.txt', randomBytes(2000))
    const transfer = await callJson<{ unique_id: string }>(cluster.api, 'POST', '/api/transfers', {
      token,
      body: { files: [shared], recipient_emails: ['sue@example.com'], title: 'Shared before' },
    })
    expect(transfer.status).toBe(201)
    const pending = await uploadSmall(caller, 'pending.txt', randomBytes(1000))
    // Claiming moved the upload under a new key (single-use upload URLs): ask the database for it.
    const stored = await cluster.db.query(
      'select f.file_key from transfer_files f join transfers t on t.id = f.transfer_id where t.unique_id = $1',
      [transfer.body.unique_id],
    )
    const downloadPath = `/share/${transfer.body.unique_id}/download?file_key=${encodeURIComponent(stored.rows[0].file_key)}`

    await cluster.s3Link!.down()
    try {
      // Each instance in turn meets the outage.
      for (let i = 0; i < 3; i++) {
        const create = await callJson(cluster.api, 'POST', '/api/multipart/create', {
          token,
          body: { filename: 'big.bin', content_type: 'application/octet-stream', file_size: 200 * 1024 * 1024 },
        })
        expect(create).toMatchObject({ status: 503, body: unavailable })

        const sent = await callJson(cluster.api, 'POST', '/api/transfers', {
          token,
          body: { files: [pending], recipient_emails: ['sue@example.com'], title: `During outage ${i}` },
        })
        expect(sent).toMatchObject({ status: 503, body: unavailable })

        const download = await cluster.api(downloadPath, { redirect: 'manual' })
        expect(download.status).toBe(503)
        expect(await download.json()).toMatchObject(unavailable)
        const zip = await cluster.api(`/share/${transfer.body.unique_id}/download?as_zip=true`)
        expect(zip.status).toBe(503)
      }
      // A presigned PUT goes to the store itself, which does not answer: the browser's request fails.
      const signed = await callJson<{ url: string; headers: Record<string, string> }>(
        cluster.api,
        'POST',
        '/api/presign',
        {
          token,
          body: { filename: 'late.txt', content_type: 'application/octet-stream', file_size: 10 },
        },
      )
      expect(signed.status).toBe(200)
      await expect(putTo(signed.body.url, randomBytes(10), signed.body.headers)).rejects.toThrow()
    } finally {
      await cluster.s3Link!.up()
    }

    const during = await cluster.db.query("select count(*)::int as n from transfers where title like 'During outage%'")
    expect(during.rows[0].n).toBe(0)
    const claimed = await cluster.db.query('select status from pending_uploads where key = $1', [pending.file_key])
    expect(claimed.rows[0].status).toBe('pending')

    // Back: the same upload makes a transfer, and downloads work.
    const after = await callJson(cluster.api, 'POST', '/api/transfers', {
      token,
      body: { files: [pending], recipient_emails: ['sue@example.com'], title: 'After outage' },
    })
    expect(after.status, JSON.stringify(after.body)).toBe(201)
    const download = await cluster.api(downloadPath)
    expect(download.status).toBe(200)
    expect((await download.arrayBuffer()).byteLength).toBe(2000)
  })
})
