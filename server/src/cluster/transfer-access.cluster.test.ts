import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readStoredZip } from '../http/download/testing/zip-reader.js'
import { readOutbox } from '../testing/mail-reader.js'
import { type Cluster, startCluster } from './harness/cluster.js'
import { callJson, registerConfirmed } from './harness/cluster-client.js'
import { uploadSmall } from './harness/cluster-uploads.js'

// Issue 18 item 1: a transfer's access grant is signed with a secret kept in the database and its
// wrong tries are counted in Redis, so one instance honours what another issued, and guessing
// cannot be spread over the instances to multiply the tries. Issue 18 item 2: a download limit's
// count and slots live in the database, so no instance lets a download past what another counted.

const perClient = 3

describe('password grants across two instances (PostgreSQL, S3, Redis)', () => {
  let cluster: Cluster

  beforeAll(async () => {
    cluster = await startCluster({
      instances: 2,
      storage: 's3',
      env: { AUTH_RATE_LIMIT_PER_ACCOUNT: String(perClient), AUTH_RATE_LIMIT_PER_IP: '1000' },
    })
  })
  afterAll(async () => {
    await cluster?.close()
  })

  /** A Pro sender's transfer of one file, protected by `password` (or, with null, by nothing) and `limits`. */
  async function sendProtected(
    password: string | null,
    limits: { max_downloads?: number; burn_after_download?: boolean } = {},
  ) {
    const email = `grant-${randomBytes(4).toString('hex')}@example.com`
    const registered = await registerConfirmed<{ access_token: string }>(cluster, {
      body: { email, password: 'grant cluster pass 1', name: 'Gita Grant' },
    })
    expect(registered.status).toBe(201)
    await cluster.db.query("update users set role = 'PREMIUM' where email = $1", [email])
    const token = registered.body.access_token
    const body = randomBytes(4321)
    const file = await uploadSmall({ api: cluster.api, token }, 'plans.bin', body)
    const sent = await callJson<{ id: string; unique_id: string }>(cluster.api, 'POST', '/api/transfers', {
      token,
      body: { files: [file], recipient_emails: ['rec@example.com'], title: 'Plans', password, ...limits },
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    return { email, token, body, id: sent.body.id, uniqueId: sent.body.unique_id }
  }

  const on = (i: number) => (pathname: string, init?: RequestInit) =>
    fetch(`${cluster.instances[i]!.url}${pathname}`, init)
  const unlock = (i: number, uniqueId: string, password: string, ip: string) =>
    callJson(on(i), 'POST', `/api/share/${uniqueId}/unlock`, {
      body: { password },
      headers: { 'x-forwarded-for': ip },
    })

  it('honours on one instance the grant another issued, until the password changes', async () => {
    const t = await sendProtected('first passphrase')
    const res = await on(0)(`/api/share/${t.uniqueId}/unlock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'first passphrase' }),
    })
    expect(res.status).toBe(204)
    const grant = res.headers.get('x-ferry-grant')!
    const cookie = { cookie: `ferry_grant=${grant}` }

    const shared = await callJson(on(1), 'GET', `/api/share/${t.uniqueId}`, { headers: cookie })
    expect(shared.status).toBe(200)
    const zip = await on(1)(`/share/${t.uniqueId}/download?as_zip=true`, { headers: { 'x-ferry-grant': grant } })
    expect(zip.status).toBe(200)
    expect(
      readStoredZip(Buffer.from(await zip.arrayBuffer()))
        .get('plans.bin')!
        .equals(t.body),
    ).toBe(true)

    const changed = await callJson(on(1), 'PATCH', `/api/transfers/${t.id}`, {
      token: t.token,
      body: { password: 'second passphrase' },
    })
    expect(changed.status).toBe(200)
    for (const i of [0, 1]) {
      expect((await callJson(on(i), 'GET', `/api/share/${t.uniqueId}`, { headers: cookie })).status).toBe(401)
      const locked = await on(i)(`/share/${t.uniqueId}/download?as_zip=true`, { headers: cookie, method: 'HEAD' })
      expect(locked.status).toBe(401)
    }
  })

  it('counts wrong tries across instances: the next try anywhere answers 429, and the owner is emailed once', async () => {
    const t = await sendProtected('the right one')
    const ip = `10.9.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`
    const served = new Set<string>()
    for (let i = 0; i < perClient; i++) {
      const wrong = await unlock(i % 2, t.uniqueId, `guess ${i}`, ip)
      expect(wrong.status).toBe(401)
      served.add(wrong.instance)
    }
    expect(served.size).toBe(2)
    for (const i of [0, 1]) {
      const refused = await unlock(i, t.uniqueId, 'the right one', ip)
      expect(refused.status).toBe(429)
      expect(refused.body.code).toBe('rate_limited')
    }
    const alerts = (await readOutbox(path.join(cluster.dataDir, 'mail'))).filter(
      (m) => m.to.includes(t.email) && /guess/i.test(m.subject),
    )
    expect(alerts).toHaveLength(1)
  })
  it('verifies a recipient on one instance for a grant another honours; tries are shared; removal locks out everywhere', async () => {
    const email = `verify-${randomBytes(4).toString('hex')}@example.com`
    const registered = await registerConfirmed<{ access_token: string }>(cluster, {
      body: { email, password: 'grant cluster pass 1', name: 'Vera Verify' },
    })
    await cluster.db.query("update users set role = 'PREMIUM' where email = $1", [email])
    const token = registered.body.access_token
    const body = randomBytes(3210)
    const file = await uploadSmall({ api: cluster.api, token }, 'notes.bin', body)
    const recipient = `ana-${randomBytes(4).toString('hex')}@example.com`
    const other = `bo-${randomBytes(4).toString('hex')}@example.com`
    const sent = await callJson<{ id: string; unique_id: string }>(cluster.api, 'POST', '/api/transfers', {
      token,
      body: { files: [file], recipient_emails: [recipient, other], title: 'Notes', access: 'recipients' },
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const uniqueId = sent.body.unique_id
    const codeOf = async (to = recipient) => {
      const mails = (await readOutbox(path.join(cluster.dataDir, 'mail'))).filter((m) => m.to.includes(to))
      return /(\d{6})$/.exec(mails.at(-1)?.subject ?? '')?.[1]
    }
    const ip = {
      'x-forwarded-for': `10.8.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
    }
    const confirm = (i: number, code: string, email = recipient) =>
      callJson(on(i), 'POST', `/api/share/${uniqueId}/verification/confirm`, { body: { email, code }, headers: ip })
    const ask = (i: number, email: string) =>
      callJson(on(i), 'POST', `/api/share/${uniqueId}/verification`, { body: { email }, headers: ip })
    const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

    // Bo's five wrong tries, spread over both instances: the next try anywhere answers 429.
    expect((await ask(1, other)).status).toBe(202)
    await expect.poll(() => codeOf(other)).toMatch(/^\d{6}$/)
    const boCode = (await codeOf(other))!
    for (let i = 0; i < 5; i++) expect((await confirm(i % 2, wrongFor(boCode), other)).status).toBe(401)
    for (const i of [0, 1]) expect((await confirm(i, boCode, other)).status).toBe(429)

    // Ana asks on one instance and confirms on the other.
    expect((await ask(0, recipient)).status).toBe(202)
    await expect.poll(() => codeOf()).toMatch(/^\d{6}$/)
    const code = (await codeOf())!
    expect((await confirm(0, wrongFor(code))).status).toBe(401)
    const res = await on(1)(`/api/share/${uniqueId}/verification/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ip },
      body: JSON.stringify({ email: recipient, code }),
    })
    expect(res.status).toBe(204)
    const grant = { 'x-ferry-grant': res.headers.get('x-ferry-grant')! }

    expect((await callJson(on(0), 'GET', `/api/share/${uniqueId}`, { headers: grant })).status).toBe(200)
    const zip = await on(0)(`/share/${uniqueId}/download?as_zip=true`, { headers: grant })
    expect(zip.status).toBe(200)
    expect(
      readStoredZip(Buffer.from(await zip.arrayBuffer()))
        .get('notes.bin')!
        .equals(body),
    ).toBe(true)

    await cluster.db.query('delete from transfer_recipients where transfer_id = $1 and email = $2', [
      sent.body.id,
      recipient,
    ])
    for (const i of [0, 1]) {
      const locked = await callJson(on(i), 'GET', `/api/share/${uniqueId}`, { headers: grant })
      expect([locked.status, locked.body.code]).toEqual([401, 'verification_required'])
    }
  })

  // Issue 18 item 2: the download count and the slots of a limit live in the database.
  it('shares a download limit: after a download through one instance, the other answers 410', async () => {
    const t = await sendProtected(null, { max_downloads: 1 })
    const first = await on(0)(`/share/${t.uniqueId}/download`)
    expect(first.status).toBe(200)
    expect(first.headers.get('x-ferry-instance')).toBe(cluster.instances[0]!.id)
    expect(Buffer.from(await first.arrayBuffer()).equals(t.body)).toBe(true)
    await expect
      .poll(
        async () => (await cluster.db.query('select spent_at from transfers where id = $1', [t.id])).rows[0].spent_at,
      )
      .not.toBeNull()
    const share = await callJson(on(1), 'GET', `/api/share/${t.uniqueId}`)
    expect(share.status).toBe(410)
    expect(share.body.code).toBe('download_limit_reached')
    const again = await on(1)(`/share/${t.uniqueId}/download`)
    expect(again.status).toBe(410)
    expect(again.headers.get('x-ferry-instance')).toBe(cluster.instances[1]!.id)
    expect((await again.json()).code).toBe('download_limit_reached')
  })

  it('lets exactly one of two first downloads at once, one on each instance, through a limit of 1', async () => {
    const t = await sendProtected(null, { max_downloads: 1 })
    const answers = await Promise.all(
      [0, 1].map(async (i) => {
        const res = await on(i)(`/share/${t.uniqueId}/download`)
        return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) }
      }),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410])
    expect(answers.find((a) => a.status === 200)!.bytes.equals(t.body)).toBe(true)
  })
})
