import { randomBytes } from 'node:crypto'
import { errorMessages } from '@ferry/contracts/errors'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Cluster, startCluster } from './harness/cluster.js'
import { callJson, registerConfirmed } from './harness/cluster-client.js'
import { uploadSmall } from './harness/cluster-uploads.js'

interface Outcome {
  op: 'share' | 'list' | 'create'
  status: number
  code?: string
  detail?: string
  title?: string
  key?: string
  at: number
}

describe('PostgreSQL restarted while requests flow', () => {
  let cluster: Cluster

  beforeAll(async () => {
    cluster = await startCluster({ instances: 3, storage: 's3' })
  })
  afterAll(async () => {
    await cluster?.close()
  })

  it('answers 503 database_unavailable during the outage, never half-writes, and recovers by itself', async () => {
    const registered = await registerConfirmed<{ access_token: string; user: { email: string } }>(cluster, {
      body: { email: `pg-${randomBytes(4).toString('hex')}@example.com`, password: 'pg restart pass 1', name: 'Pat' },
    })
    expect(registered.status).toBe(201)
    const token = registered.body.access_token
    // Pro (PREMIUM without a subscription): up to 40 transfers here, more than the free daily 20.
    await cluster.db.query("update users set role = 'PREMIUM' where email = $1", [registered.body.user.email])
    const caller = { api: cluster.api, token }
    const files: { file_key: string; file_name: string; file_size: number }[] = []
    for (let i = 0; i < 40; i++) files.push(await uploadSmall(caller, `f-${i}.txt`, randomBytes(200)))
    const first = await callJson<{ unique_id: string }>(cluster.api, 'POST', '/api/transfers', {
      token,
      body: { files: [files.pop()], recipient_emails: ['pia@example.com'], title: 'Before' },
    })
    expect(first.status).toBe(201)

    const outcomes: Outcome[] = []
    let stopTraffic = false
    let n = 0
    async function worker() {
      while (!stopTraffic) {
        const i = n++
        const kind = i % 3 === 0 && files.length ? 'create' : i % 3 === 1 ? 'list' : 'share'
        const at = Date.now()
        try {
          if (kind === 'create') {
            const file = files.pop()!
            const title = `During ${i}`
            const r = await callJson(cluster.api, 'POST', '/api/transfers', {
              token,
              body: { files: [file], recipient_emails: ['pia@example.com'], title },
            })
            outcomes.push({
              op: kind,
              status: r.status,
              code: r.body.code,
              detail: r.body.detail,
              title,
              key: file.file_key,
              at,
            })
          } else {
            const path = kind === 'list' ? '/api/transfers' : `/api/share/${first.body.unique_id}`
            const r = await callJson(cluster.api, 'GET', path, { token: kind === 'list' ? token : undefined })
            outcomes.push({ op: kind, status: r.status, code: r.body.code, detail: r.body.detail, at })
          }
        } catch (error) {
          outcomes.push({ op: kind, status: 0, detail: String(error), at })
        }
        // A pace, not a wait for anything (so nothing to poll for): four callers, each at most 40
        // requests a second, keep requests flowing through the outage without flooding a small machine.
        await new Promise((r) => setTimeout(r, 25))
      }
    }
    const workers = Promise.all([worker(), worker(), worker(), worker()])
    const succeeded = (after: number) => outcomes.filter((o) => o.at > after && o.status < 300)
    let down = 0
    let up = 0
    let metricsDuring = 0
    try {
      await vi.waitFor(() => expect(succeeded(0).length).toBeGreaterThanOrEqual(20), { timeout: 20_000 })
      cluster.postgres.stop('immediate')
      down = Date.now()
      // Readiness says so once the instances find the database gone.
      await expect.poll(async () => (await cluster.api('/readyz')).status, { timeout: 20_000 }).toBe(503)
      metricsDuring = (await fetch(`${cluster.instances[0]!.url}/metrics`)).status
      // The outage lasts until the traffic met it.
      await vi.waitFor(
        () => expect(outcomes.filter((o) => o.at > down && o.status === 503).length).toBeGreaterThanOrEqual(10),
        { timeout: 20_000 },
      )
      cluster.postgres.start()
      up = Date.now()
      // Traffic goes on until 30 requests in a row succeeded again.
      await vi.waitFor(
        () => {
          const recent = outcomes.filter((o) => o.at > up + 500)
          expect(
            recent.length > 30 && recent.slice(-30).every((o) => o.status < 300),
            'service came back by itself',
          ).toBe(true)
        },
        { timeout: 20_000, interval: 250 },
      )
    } finally {
      stopTraffic = true
      await workers
    }
    for (const instance of cluster.instances) {
      expect(instance.running(), `${instance.id} crashed:\n${instance.output().slice(-4000)}`).toBe(true)
    }

    // Monitoring keeps working while the database is down.
    expect(metricsDuring).toBe(200)
    const during = outcomes.filter((o) => o.at > down && o.at < up)
    expect(
      during.some((o) => o.status === 503),
      'requests during the outage were refused',
    ).toBe(true)
    for (const o of outcomes) {
      expect([200, 201, 503], JSON.stringify(o)).toContain(o.status)
      if (o.status === 503) {
        expect(o.code).toBe('database_unavailable')
        expect(o.detail).toBe(errorMessages.database_unavailable)
      }
    }
    const recovered = outcomes.filter((o) => o.at > up + 500)
    expect(
      recovered.slice(-30).every((o) => o.status < 300),
      'service came back by itself',
    ).toBe(true)

    // Each creation either happened whole (201: its transfer and claimed file) or not at all.
    for (const o of outcomes.filter((x) => x.op === 'create')) {
      const rows = await cluster.db.query(
        `select count(*)::int as n from transfers t join transfer_files f on f.transfer_id = t.id
          where t.title = $1 and f.file_key like '%/' || $2`,
        // Claiming moves the upload under files/ (single-use upload URLs); the name stays.
        [o.title, o.key!.split('/').pop()],
      )
      const transfersTitled = await cluster.db.query('select count(*)::int as n from transfers where title = $1', [
        o.title,
      ])
      expect(rows.rows[0].n, JSON.stringify(o)).toBe(o.status === 201 ? 1 : 0)
      expect(transfersTitled.rows[0].n, JSON.stringify(o)).toBe(o.status === 201 ? 1 : 0)
    }
  })
})
