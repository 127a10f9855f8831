import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cluster, startCluster } from './harness/cluster.js'
import { callJson, registerConfirmed } from './harness/cluster-client.js'
import { uploadSmall } from './harness/cluster-uploads.js'

// Security review M-2: the send throttle counts in Redis, so three instances behind a round-robin
// proxy share one count: an account cannot multiply its limit by the number of instances.

describe('send limits across three instances (PostgreSQL, S3, Redis)', () => {
  let cluster: Cluster

  beforeAll(async () => {
    cluster = await startCluster({ instances: 3, storage: 's3', env: { SEND_TRANSFERS_PER_HOUR: '3' } })
  })
  afterAll(async () => {
    await cluster?.close()
  })

  it('refuses the fourth transfer of the hour whichever instance takes it, with when to send again', async () => {
    const email = `limits-${randomBytes(4).toString('hex')}@example.com`
    const registered = await registerConfirmed<{ access_token: string }>(cluster, {
      body: { email, password: 'send limit pass 1', name: 'Lim' },
    })
    expect(registered.status).toBe(201)
    const token = registered.body.access_token
    const caller = { api: cluster.api, token }
    const served = new Set<string>()
    const send = async (i: number) => {
      const file = await uploadSmall(caller, `f-${i}.txt`, randomBytes(100))
      return callJson<{ retry_at?: string }>(cluster.api, 'POST', '/api/transfers', {
        token,
        body: { files: [file], recipient_emails: ['someone@example.com'], title: `T${i}` },
      })
    }
    for (let i = 0; i < 3; i++) {
      const sent = await send(i)
      expect(sent.status, JSON.stringify(sent.body)).toBe(201)
      served.add(sent.instance)
    }
    expect(served.size).toBe(3)
    for (let i = 3; i < 6; i++) {
      const refused = await send(i)
      expect(refused.status).toBe(429)
      expect(refused.body.code).toBe('send_rate_limited')
      expect(Date.parse(refused.body.retry_at ?? '')).toBeGreaterThan(Date.now() + 50 * 60_000)
    }
  })
})
