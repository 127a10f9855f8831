import { eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { appJobHandlers } from '../../app.js'
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js'
import { type JobWorker, startJobWorker } from '../../jobs/job-worker.js'
import { buildTestApp, forEachStack, type TestApp } from '../../testing/test-app.js'
import { createTestClock, type TestClock } from '../../testing/test-clock.js'
import { createApiKey } from '../api-keys/testing/api-keys-test-kit.js'
import { authStacks, bearer, postJson } from '../auth/testing/auth-test-kit.js'
import { buyWithTestCheckout, checkoutBody } from '../billing/testing/billing-test-kit.js'
import { createLinkAs } from '../request-links/testing/request-links-test-kit.js'
import { postTransfer, type Sender, setExpiry, signUp, uploadFiles } from '../transfers/testing/transfers-test-kit.js'
import { createExpiryEvents } from '../transfers/transfers.jobs.js'
import { as, uploadWhole } from '../uploads/testing/uploads-test-kit.js'
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhook-receiver.js'
import { webhooksJobs } from './webhooks.jobs.js'

// Issue 20 item 5: signed webhooks, over real HTTP against a real database, each delivery
// checked with the Standard Webhooks reference verification (the `standardwebhooks` package).

const quiet = { info() {}, error() {} }
const minute = 60_000
const hour = 60 * minute
// Each stack its own clock (and, through authStacks, its own Redis key prefix and generous auth limits).
const stacks = authStacks().map((stack) => ({
  ...stack,
  clock: createTestClock(),
  env: { ...stack.env, WEBHOOKS_ALLOW_PRIVATE: '1' },
}))

const allEvents = [
  'transfer.created',
  'transfer.downloaded',
  'transfer.expired',
  'transfer.deleted',
  'request.uploaded',
  'comment.created',
]
const write = { 'x-requested-with': 'XMLHttpRequest' }

async function createEndpoint(app: TestApp, token: string, url: string, events = allEvents) {
  const res = await postJson(app.api, '/api/webhooks', { url, description: 'CI', events }, bearer(token))
  const body = (await res.json()) as { id: string; secret: string; code?: string }
  expect(res.status, JSON.stringify(body)).toBe(201)
  return body
}

async function sendTransfer(app: TestApp, sender: Sender, extra: Record<string, unknown> = {}) {
  const files = await uploadFiles(app, sender, [{ name: 'a.txt', body: Buffer.from('hello') }])
  const res = await postTransfer(app, sender.token, { files, recipient_emails: ['bo@example.com'], ...extra })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { id: res.body.id as string, uniqueId: res.body.unique_id as string }
}

/** The Standard Webhooks reference verification of one received request; the parsed event. */
function verify(secret: string, delivery: { headers: Record<string, string>; body: string }) {
  return new Webhook(secret).verify(delivery.body, delivery.headers) as { type: string; data: Record<string, unknown> }
}

await forEachStack((getApp, stack) => {
  const clock = stack.clock as TestClock
  let receiver: WebhookReceiver
  let worker: JobWorker | undefined
  beforeAll(async () => {
    receiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    await receiver.close()
  })
  afterEach(async () => {
    await worker?.stop()
    worker = undefined
    // Each test hears only its own endpoints (an earlier test's transfer may expire in a later one's clock).
    await getApp().deps.database.db.delete(webhookEndpoints)
    receiver.setStatus(204)
    receiver.received.length = 0
  })

  /** Runs the due queued jobs as an instance's worker does, until none is due. */
  async function runJobs(app: TestApp) {
    worker ??= startJobWorker(
      { queue: app.services.jobQueue, clock: app.deps.clock, logger: quiet },
      appJobHandlers(app.deps, app.services),
    )
    await worker.drain()
  }

  const ofType = (type: string) =>
    receiver.received.filter((r) => (JSON.parse(r.body) as { type: string }).type === type)

  describe('webhooks', () => {
    it('signs each delivery so the reference verification accepts it, and refuses a changed byte or an old timestamp', async () => {
      const app = getApp()
      const user = await signUp(app, 'PREMIUM')
      const endpoint = await createEndpoint(app, user.token, receiver.url)
      expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
      const listed = await (await app.api('/api/webhooks', { headers: bearer(user.token) })).text()
      expect(listed).toContain(endpoint.id)
      expect(listed).not.toContain(endpoint.secret)
      expect(listed).not.toContain(endpoint.secret.slice(6))

      const transfer = await sendTransfer(app, user, { title: 'Plans' })
      await runJobs(app)
      expect(receiver.received).toHaveLength(1)
      const delivery = receiver.received[0]!
      const event = verify(endpoint.secret, delivery)
      expect(event.type).toBe('transfer.created')
      expect(event.data).toMatchObject({ id: transfer.id, unique_id: transfer.uniqueId, title: 'Plans' })
      expect(delivery.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]{32}$/)
      expect(delivery.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/)

      // One byte changed in the body: refused.
      const changed = delivery.body.replace('"Plans"', '"Plams"')
      expect(() => verify(endpoint.secret, { ...delivery, body: changed })).toThrow()
      // The same request more than five minutes later: refused.
      const sent = Number(delivery.headers['webhook-timestamp']) * 1000
      const later = vi.spyOn(Date, 'now').mockReturnValue(sent + 6 * minute)
      try {
        expect(() => verify(endpoint.secret, delivery)).toThrow()
      } finally {
        later.mockRestore()
      }
      // Another endpoint's secret: refused.
      const other = await createEndpoint(app, user.token, receiver.url, ['transfer.deleted'])
      expect(() => verify(other.secret, delivery)).toThrow()

      const log = (await (
        await app.api(`/api/webhooks/${endpoint.id}/deliveries`, { headers: bearer(user.token) })
      ).json()) as { attempts: Record<string, unknown>[] }
      expect(log.attempts).toEqual([
        {
          delivery_id: delivery.headers['webhook-id'],
          event_type: 'transfer.created',
          delivery_state: 'delivered',
          attempt: 1,
          at: expect.any(String),
          status_code: 204,
          duration_ms: expect.any(Number),
          error: null,
        },
      ])
      // The secret is kept sealed, not as given.
      const rows = await app.deps.database.db.select().from(webhookDeliveries)
      expect(JSON.stringify(rows)).not.toContain(endpoint.secret.slice(6))
    })

    it('delivers an event once, later, to a receiver that was down for an hour, under one webhook-id', async () => {
      const app = getApp()
      const user = await signUp(app, 'PREMIUM')
      const endpoint = await createEndpoint(app, user.token, receiver.url, ['transfer.created'])
      receiver.setStatus(503)
      await sendTransfer(app, user)
      await runJobs(app)
      for (let waited = 0; waited < hour; waited += 5 * minute) {
        clock.advance(5 * minute)
        await runJobs(app)
      }
      const whileDown = receiver.received.length
      expect(whileDown).toBeGreaterThan(3)
      expect(whileDown).toBeLessThan(12) // back-off: 30 s, 1, 2, 4, 8, 16, 32 min…
      receiver.setStatus(200)
      for (let waited = 0; waited <= 2 * hour && receiver.received.at(-1)!.status !== 200; waited += 5 * minute) {
        clock.advance(5 * minute)
        await runJobs(app)
      }
      const delivered = receiver.received.filter((r) => r.status === 200)
      expect(delivered).toHaveLength(1)
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1)
      for (const r of receiver.received) verify(endpoint.secret, r)

      // Nothing more comes, however long one waits.
      const total = receiver.received.length
      clock.advance(3 * hour)
      await runJobs(app)
      expect(receiver.received).toHaveLength(total)
      const log = (await (
        await app.api(`/api/webhooks/${endpoint.id}/deliveries`, { headers: bearer(user.token) })
      ).json()) as { attempts: { attempt: number; status_code: number; delivery_state: string }[] }
      expect(log.attempts).toHaveLength(total)
      expect(log.attempts[0]).toMatchObject({ attempt: total, status_code: 200, delivery_state: 'delivered' })
      expect(log.attempts.at(-1)).toMatchObject({ attempt: 1, status_code: 503 })
    })

    it('gives a delivery up after 24 hours of failures, and sends it again on request with the same webhook-id', async () => {
      const app = getApp()
      const user = await signUp(app, 'PREMIUM')
      const endpoint = await createEndpoint(app, user.token, receiver.url, ['transfer.created'])
      receiver.setStatus(500)
      await sendTransfer(app, user)
      await runJobs(app)
      for (let waited = 0; waited < 26 * hour; waited += hour) {
        clock.advance(hour)
        await runJobs(app)
      }
      const id = receiver.received[0]!.headers['webhook-id']!
      const [row] = await app.deps.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id))
      expect(row!.state).toBe('failed')
      const tries = receiver.received.length
      clock.advance(5 * hour)
      await runJobs(app)
      expect(receiver.received).toHaveLength(tries)

      receiver.setStatus(200)
      const resendPath = `/api/webhooks/${endpoint.id}/deliveries/${id}/resend`
      const resent = await app.api(resendPath, { method: 'POST', headers: { ...bearer(user.token), ...write } })
      expect(resent.status).toBe(202)
      // Still queued: a second press is refused rather than sending twice.
      const again = await app.api(resendPath, { method: 'POST', headers: { ...bearer(user.token), ...write } })
      expect(again.status).toBe(409)
      expect(((await again.json()) as { code: string }).code).toBe('webhook_delivery_queued')
      await runJobs(app)
      expect(receiver.received).toHaveLength(tries + 1)
      expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(id)
      verify(endpoint.secret, receiver.received.at(-1)!)
      // A delivered one may be sent again too (a receiver that lost it).
      expect((await app.api(resendPath, { method: 'POST', headers: { ...bearer(user.token), ...write } })).status).toBe(
        202,
      )
      await runJobs(app)
      expect(receiver.received).toHaveLength(tries + 2)

      // Settled deliveries are forgotten 30 days on, with their tries.
      // (Read from the table: the session would have expired by then.)
      const logOf = async () =>
        (await app.deps.database.db.select().from(webhookAttempts).where(eq(webhookAttempts.endpointId, endpoint.id)))
          .length
      expect(await logOf()).toBe(tries + 2)
      const [sweep] = webhooksJobs(app.deps)
      await sweep!.run()
      expect(await logOf()).toBe(tries + 2)
      clock.advance(31 * 24 * hour)
      await sweep!.run()
      expect(await logOf()).toBe(0)
    })

    it('signs with both secrets during the grace period of a rotation, then with the new one only', async () => {
      const app = getApp()
      const user = await signUp(app, 'PREMIUM')
      const endpoint = await createEndpoint(app, user.token, receiver.url, ['transfer.created'])
      const rotated = await app.api(`/api/webhooks/${endpoint.id}/rotate-secret`, {
        method: 'POST',
        headers: { ...bearer(user.token), ...write },
      })
      expect(rotated.status).toBe(200)
      const { secret } = (await rotated.json()) as { secret: string; previous_secret_expires_at: string }
      expect(secret).not.toBe(endpoint.secret)

      await sendTransfer(app, user)
      await runJobs(app)
      const during = receiver.received.at(-1)!
      expect(during.headers['webhook-signature']!.split(' ')).toHaveLength(2)
      verify(secret, during)
      verify(endpoint.secret, during)

      clock.advance(24 * hour + minute)
      await sendTransfer(app, user)
      await runJobs(app)
      const after = receiver.received.at(-1)!
      expect(after.headers['webhook-signature']!.split(' ')).toHaveLength(1)
      verify(secret, after)
      expect(() => verify(endpoint.secret, after)).toThrow()
    })

    it('emits transfer.downloaded, transfer.deleted, transfer.expired and request.uploaded, each once', async () => {
      const app = getApp()
      const user = await signUp(app, 'PREMIUM')
      const endpoint = await createEndpoint(app, user.token, receiver.url)

      const downloaded = await sendTransfer(app, user)
      const res = await fetch(`${app.url}/share/${downloaded.uniqueId}/download?as_zip=true`)
      expect(res.status).toBe(200)
      await res.arrayBuffer()
      await expect
        .poll(async () => {
          await runJobs(app)
          return ofType('transfer.downloaded').length
        })
        .toBe(1)
      expect(verify(endpoint.secret, ofType('transfer.downloaded')[0]!).data).toMatchObject({
        id: downloaded.id,
        download_count: 1,
      })

      const deleted = await sendTransfer(app, user)
      const gone = await app.api(`/api/transfers/${deleted.id}`, {
        method: 'DELETE',
        headers: { ...bearer(user.token), ...write },
      })
      expect(gone.status).toBe(200)

      const expiring = await sendTransfer(app, user)
      await setExpiry(app, expiring.id, new Date(clock.now().getTime() - minute))
      const expiry = createExpiryEvents(app.deps, app.services.webhookEvents)
      await expiry.run()
      await expiry.run() // a second sweep (another instance) writes nothing more

      const link = await createLinkAs(app.api, user.token, { name: 'Invoices' })
      expect(link.status).toBe(201)
      const key = await uploadWhole(app.api, as(), Buffer.from('pdf'), {
        filename: 'slip.pdf',
        content_type: 'application/pdf',
        file_size: 3,
        request_id: link.body.request_id,
      })
      const up = await postJson(app.api, `/api/file-request/${link.body.request_id}/upload`, {
        files: [{ file_key: key, file_name: 'slip.pdf', file_size: 3 }],
        sender_name: 'Vic',
      })
      expect(up.status).toBe(201)

      await runJobs(app)
      expect(ofType('transfer.deleted').map((r) => verify(endpoint.secret, r).data.id)).toEqual([deleted.id])
      expect(ofType('transfer.expired').map((r) => verify(endpoint.secret, r).data.id)).toEqual([expiring.id])
      const uploaded = ofType('request.uploaded').map((r) => verify(endpoint.secret, r).data)
      expect(uploaded).toEqual([
        expect.objectContaining({ request_id: link.body.request_id, request_name: 'Invoices', sender_name: 'Vic' }),
      ])
      expect(ofType('transfer.created')).toHaveLength(3)
      // Each delivery has its own webhook-id.
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(receiver.received.length)
    })

    it("emits comment.created for a comment on a file of the account's transfer", async () => {
      const app = getApp()
      const user = await signUp(app, 'FREE')
      await buyWithTestCheckout(app, user.token, checkoutBody(user.id, { plan_id: 'business' }))
      const endpoint = await createEndpoint(app, user.token, receiver.url, ['comment.created'])
      const transfer = await sendTransfer(app, user)
      const share = await app.api(`/api/share/${transfer.uniqueId}`, { headers: bearer(user.token) })
      const fileId = ((await share.json()) as { transfer: { files: { file_id: string }[] } }).transfer.files[0]!.file_id
      const posted = await postJson(
        app.api,
        `/api/share/${transfer.uniqueId}/files/${fileId}/comments`,
        { text: 'Looks good' },
        bearer(user.token),
      )
      expect(posted.status, await posted.clone().text()).toBe(201)
      await runJobs(app)
      expect(receiver.received).toHaveLength(1)
      const event = verify(endpoint.secret, receiver.received[0]!)
      expect(event.type).toBe('comment.created')
      expect(event.data).toMatchObject({ transfer_id: transfer.id, file_id: fileId, text: 'Looks good' })
    })

    it('sends only the chosen events, nothing to a disabled endpoint, and nothing of other accounts', async () => {
      const app = getApp()
      const user = await signUp(app, 'PREMIUM')
      const other = await signUp(app, 'PREMIUM')
      const endpoint = await createEndpoint(app, user.token, receiver.url, ['transfer.deleted'])
      await sendTransfer(app, user)
      await sendTransfer(app, other)
      await runJobs(app)
      expect(receiver.received).toHaveLength(0)

      const patched = await app.api(`/api/webhooks/${endpoint.id}`, {
        method: 'PATCH',
        headers: { ...bearer(user.token), ...write, 'content-type': 'application/json' },
        body: JSON.stringify({ enabled: false, events: ['transfer.created'] }),
      })
      expect(patched.status).toBe(200)
      expect(await patched.json()).toMatchObject({ enabled: false, events: ['transfer.created'] })
      await sendTransfer(app, user)
      await runJobs(app)
      expect(receiver.received).toHaveLength(0)

      // Another account sees none of it.
      for (const [method, path] of [
        ['PATCH', `/api/webhooks/${endpoint.id}`],
        ['DELETE', `/api/webhooks/${endpoint.id}`],
        ['POST', `/api/webhooks/${endpoint.id}/rotate-secret`],
        ['GET', `/api/webhooks/${endpoint.id}/deliveries`],
      ] as const) {
        const res = await app.api(path, {
          method,
          headers: {
            ...bearer(other.token),
            ...write,
            ...(method === 'PATCH' ? { 'content-type': 'application/json' } : {}),
          },
          ...(method === 'PATCH' ? { body: JSON.stringify({ enabled: true }) } : {}),
        })
        expect(res.status, `${method} ${path}`).toBe(404)
      }
      const removed = await app.api(`/api/webhooks/${endpoint.id}`, {
        method: 'DELETE',
        headers: { ...bearer(user.token), ...write },
      })
      expect(removed.status).toBe(204)
    })

    it('validates what an endpoint is made with, and takes API keys within the webhooks scopes', async () => {
      const app = getApp()
      const user = await signUp(app, 'PREMIUM')
      for (const body of [
        { url: 'ftp://example.com/x', events: ['transfer.created'] },
        { url: 'not a url', events: ['transfer.created'] },
        { url: 'https://user:pw@example.com/', events: ['transfer.created'] },
        { url: 'https://example.com/', events: [] },
        { url: 'https://example.com/', events: ['transfer.exploded'] },
        { url: 'https://example.com/', events: ['transfer.created', 'transfer.created'] },
        { events: ['transfer.created'] },
      ]) {
        const res = await postJson(app.api, '/api/webhooks', body, bearer(user.token))
        expect(res.status, JSON.stringify(body)).toBe(400)
      }
      expect(
        (await postJson(app.api, '/api/webhooks', { url: receiver.url, events: ['transfer.created'] })).status,
      ).toBe(401)

      const reader = await createApiKey(app.api, user.token, ['webhooks:read'])
      expect((await app.api('/api/webhooks', { headers: bearer(reader.key) })).status).toBe(200)
      const refused = await postJson(
        app.api,
        '/api/webhooks',
        { url: receiver.url, events: ['transfer.created'] },
        bearer(reader.key),
      )
      expect(refused.status).toBe(403)
      expect(((await refused.json()) as { code: string }).code).toBe('scope_missing')
      const writer = await createApiKey(app.api, user.token, ['webhooks:write'])
      const made = await postJson(
        app.api,
        '/api/webhooks',
        { url: receiver.url, events: ['transfer.created'] },
        bearer(writer.key),
      )
      expect(made.status).toBe(201)
      const transfersOnly = await createApiKey(app.api, user.token, ['transfers:read'])
      expect((await app.api('/api/webhooks', { headers: bearer(transfersOnly.key) })).status).toBe(403)
    })
  })
}, stacks)

describe('webhooks and private addresses (SSRF)', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await buildTestApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('refuses endpoints on this machine, private networks and link-local addresses unless the operator allows them', async () => {
    const user = await signUp(app, 'PREMIUM')
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://[::1]/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://172.20.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[fd00::1]/hook',
      'http://0.0.0.0/hook',
    ]) {
      const res = await postJson(app.api, '/api/webhooks', { url, events: ['transfer.created'] }, bearer(user.token))
      const body = (await res.json()) as { code: string }
      expect(res.status, url).toBe(400)
      expect(body.code, url).toBe('webhook_url_not_allowed')
    }
    const unknown = await postJson(
      app.api,
      '/api/webhooks',
      { url: 'https://no-such-host.invalid/hook', events: ['transfer.created'] },
      bearer(user.token),
    )
    expect(unknown.status).toBe(400)
    expect(((await unknown.json()) as { code: string }).code).toBe('webhook_url_unresolvable')
  })
})
