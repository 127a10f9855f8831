import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkoutBody } from '../features/billing/testing/billing-test-kit.js'
import { readOutbox } from '../testing/mail-reader.js'
import { type Cluster, startCluster } from './harness/cluster.js'
import { callJson, eventually, registerConfirmed } from './harness/cluster-client.js'
import { uploadSmall } from './harness/cluster-uploads.js'

// Issues 22, 23 and 24 across instances: a session ended through one instance is refused by the
// other; an organization's invitation made on one is accepted on the other and the seats job,
// run by either, bills both members; a ZIP begun on one instance resumes on the other to the same
// bytes (the archive is fixed by the digests the file-digest job stored).

describe('sessions, organizations and the resumable ZIP across two instances (PostgreSQL, S3, Redis)', () => {
  let cluster: Cluster

  beforeAll(async () => {
    cluster = await startCluster({ instances: 2, storage: 's3' })
  })
  afterAll(async () => {
    await cluster?.close()
  })

  /** Calls one instance directly, not through the proxy. */
  const on = (i: number) => (pathname: string, init?: RequestInit) =>
    fetch(`${cluster.instances[i]!.url}${pathname}`, init)

  async function account(label: string) {
    const email = `${label}-${randomBytes(4).toString('hex')}@example.com`
    const password = `${label} cluster pass 1`
    const registered = await registerConfirmed<{ access_token: string; user: { id: string } }>(cluster, {
      body: { email, password, name: label },
    })
    expect(registered.status).toBe(201)
    return { email, password, token: registered.body.access_token, id: registered.body.user.id }
  }

  it('refuses on one instance a session ended through the other', async () => {
    const ana = await account('ana')
    const second = await callJson<{ access_token: string }>(on(0), 'POST', '/auth/login', {
      body: { email: ana.email, password: ana.password },
    })
    expect(second.status).toBe(200)
    const listed = await callJson<{ sessions: { id: string; current: boolean }[] }>(
      on(1),
      'GET',
      '/api/account/sessions',
      { token: ana.token },
    )
    expect(listed.status).toBe(200)
    expect(listed.body.sessions.length).toBeGreaterThanOrEqual(2)
    const others = listed.body.sessions.filter((s) => !s.current)
    for (const session of others) {
      const ended = await callJson(on(1), 'DELETE', `/api/account/sessions/${session.id}`, { token: ana.token })
      expect(ended.status, JSON.stringify(ended.body)).toBeLessThan(300)
    }
    for (const i of [0, 1]) {
      expect((await callJson(on(i), 'GET', '/api/transfers', { token: second.body.access_token })).status).toBe(401)
      expect((await callJson(on(i), 'GET', '/api/transfers', { token: ana.token })).status).toBe(200)
    }
  })

  it('accepts on one instance an invitation made on the other, and bills both seats', async () => {
    const owner = await account('olga')
    const started = await callJson<{ session_id: string }>(cluster.api, 'POST', '/api/checkout/session', {
      token: owner.token,
      body: checkoutBody(owner.id, { plan_id: 'business' }),
    })
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    const paid = await callJson(cluster.api, 'POST', `/api/checkout/test/${started.body.session_id}/complete`, {
      token: owner.token,
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    const created = await callJson<{ id: string }>(on(0), 'POST', '/api/organizations', {
      token: owner.token,
      body: { name: 'Cluster Co' },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const orgId = created.body.id

    const mia = await account('mia')
    const invited = await callJson(on(1), 'POST', `/api/organizations/${orgId}/invitations`, {
      token: owner.token,
      body: { email: mia.email, role: 'member' },
    })
    expect(invited.status, JSON.stringify(invited.body)).toBe(201)
    let token = ''
    await eventually(async () => {
      const link = (await readOutbox(path.join(cluster.dataDir, 'mail')))
        .filter((m) => m.to.includes(mia.email))
        .flatMap((m) => m.links)
        .find((l) => l.includes('/organization/join'))
      token = link ? (new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? '') : ''
      return token !== ''
    }, 'the invitation email')
    const accepted = await callJson(on(0), 'POST', '/api/organizations/invitations/accept', {
      token: mia.token,
      body: { token },
    })
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)

    // Mia has the organization's plan on both instances, and the seats job (on either) bills two.
    for (const i of [0, 1]) {
      const current = await callJson<{ organization: { id: string; plan: { id: string } } | null }>(
        on(i),
        'GET',
        '/api/organizations/current',
        { token: mia.token },
      )
      expect(current.body.organization).toMatchObject({ id: orgId, plan: { id: 'business' } })
    }
    await eventually(async () => {
      const billing = await callJson<{ seats: number; amount_cents: number; seat_price_cents: number }>(
        on(1),
        'GET',
        `/api/organizations/${orgId}/billing`,
        { token: owner.token },
      )
      return billing.body.seats === 2 && billing.body.amount_cents === 2 * billing.body.seat_price_cents
    }, 'two seats billed')
  })

  it('resumes on one instance a ZIP begun on the other, to the same bytes', async () => {
    const sam = await account('sam')
    const report = randomBytes(2 * 1024 * 1024 + 11)
    const notes = randomBytes(5000)
    const files = [
      await uploadSmall({ api: cluster.api, token: sam.token }, 'report.bin', report),
      await uploadSmall({ api: cluster.api, token: sam.token }, 'notes.bin', notes),
    ]
    const sent = await callJson<{ unique_id: string }>(cluster.api, 'POST', '/api/transfers', {
      token: sam.token,
      body: { files, recipient_emails: [`rita-${randomBytes(4).toString('hex')}@example.com`], title: 'Resumable' },
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const zipPath = `/share/${sent.body.unique_id}/download?as_zip=true`
    await eventually(
      async () => (await on(0)(zipPath, { method: 'HEAD' })).headers.get('accept-ranges') === 'bytes',
      'the digests are known',
    )

    const heads = await Promise.all([0, 1].map((i) => on(i)(zipPath, { method: 'HEAD' })))
    const [etag0, etag1] = heads.map((h) => h.headers.get('etag'))
    expect(etag0).toBe(etag1)
    const length = Number(heads[0]!.headers.get('content-length'))
    const cut = 1_000_003
    const first = await on(0)(zipPath, { headers: { range: `bytes=0-${cut - 1}` } })
    expect(first.status).toBe(206)
    const rest = await on(1)(zipPath, { headers: { range: `bytes=${cut}-`, 'if-range': etag0! } })
    expect(rest.status).toBe(206)
    const resumed = Buffer.concat([Buffer.from(await first.arrayBuffer()), Buffer.from(await rest.arrayBuffer())])
    const whole = Buffer.from(await (await on(1)(zipPath)).arrayBuffer())
    expect(resumed.length).toBe(length)
    expect(resumed.equals(whole)).toBe(true)
  })
})
