import { randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebhookReceiver, type WebhookReceiver } from '../features/webhooks/testing/webhook-receiver.js'
import { type Cluster, startCluster } from './harness/cluster.js'
import { callJson, eventually, registerConfirmed } from './harness/cluster-client.js'
import { uploadSmall } from './harness/cluster-uploads.js'

// Issue 20 item 5: every instance runs a job worker, and each webhook delivery is taken by one of
// them: events sent through three instances reach the receiver once each, signed.

describe('webhooks across three instances (PostgreSQL, S3, Redis)', () => {
  let cluster: Cluster
  let receiver: WebhookReceiver

  beforeAll(async () => {
    receiver = await startWebhookReceiver()
    receiver.setStatus(200)
    cluster = await startCluster({ instances: 3, storage: 's3', env: { WEBHOOKS_ALLOW_PRIVATE: '1' } })
  })
  afterAll(async () => {
    await cluster?.close()
    await receiver?.close()
  })

  it("delivers each event once, whichever instance's worker takes it", async () => {
    const email = `hooks-${randomBytes(4).toString('hex')}@example.com`
    const registered = await registerConfirmed<{ access_token: string }>(cluster, {
      body: { email, password: 'webhook cluster pass 1', name: 'Wes Hook' },
    })
    expect(registered.status).toBe(201)
    await cluster.db.query("update users set role = 'PREMIUM' where email = $1", [email])
    const token = registered.body.access_token
    const endpoint = await callJson<{ secret: string }>(cluster.api, 'POST', '/api/webhooks', {
      token,
      body: { url: receiver.url, events: ['transfer.created'] },
    })
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201)

    const sent = 9
    const ids = new Set<string>()
    const served = new Set<string>()
    for (let i = 0; i < sent; i++) {
      const file = await uploadSmall({ api: cluster.api, token }, `f-${i}.txt`, randomBytes(100))
      const made = await callJson<{ id: string }>(cluster.api, 'POST', '/api/transfers', {
        token,
        body: { files: [file], recipient_emails: ['someone@example.com'] },
      })
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      ids.add(made.body.id)
      served.add(made.instance)
    }
    expect(served.size).toBe(3)

    // Every job is done (taken, sent, removed) before counting what arrived.
    await eventually(async () => {
      const { rows } = await cluster.db.query(
        "select count(*)::int as n from queued_jobs where kind = 'webhook-delivery'",
      )
      return rows[0].n === 0 && receiver.received.length >= sent
    }, 'every webhook job has run')
    expect(receiver.received).toHaveLength(sent)
    const verifier = new Webhook(endpoint.body.secret)
    const delivered = receiver.received.map(
      (r) => (verifier.verify(r.body, r.headers) as { data: { id: string } }).data.id,
    )
    expect(new Set(delivered)).toEqual(ids)
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(sent)
    const { rows } = await cluster.db.query(
      "select count(*)::int as n from webhook_deliveries where state = 'delivered' and attempts = 1",
    )
    expect(rows[0].n).toBe(sent)
  })
})
