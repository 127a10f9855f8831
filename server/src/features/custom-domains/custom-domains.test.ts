import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { CustomDomain } from '@ferry/contracts/api/custom-domains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalDnsServer, startDnsServer } from '../../testing/dns-server.js'
import { buildTestApp, type TestApp } from '../../testing/test-app.js'
import { createTestClock } from '../../testing/test-clock.js'
import { bearer } from '../auth/testing/auth-test-kit.js'
import { get, post } from '../billing/testing/billing-test-kit.js'
import { createTestOrganization, type TestOrganization } from '../organizations/testing/organizations-test-kit.js'
import { outbox, postTransfer, type Sender, signUp, uploadFiles } from '../transfers/testing/transfers-test-kit.js'
import { verifiedRecheckMs } from './custom-domains.service.js'
import { requestAsHost } from './testing/custom-domains-test-kit.js'

const host = 'files.acme.test'
const clock = createTestClock()

describe('custom domains (issue 22 item 2)', () => {
  let app: TestApp
  let dns: LocalDnsServer
  let webDist: string
  let acme: TestOrganization
  let other: TestOrganization
  let domain: CustomDomain
  let acmeShare: string
  let otherShare: string
  let loneShare: string

  async function send(sender: Sender, to = 'rita@example.com') {
    const files = await uploadFiles(app, sender, [{ name: 'plan.txt', body: Buffer.from('the plan') }])
    const sent = await postTransfer(app, sender.token, { files, recipient_emails: [to] })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    return sent.body as { unique_id: string; sharing_url: string; id: string }
  }
  const runChecks = () => app.services.customDomains.checkDue()
  const ask = (domain: string) => app.api(`/api/tls/ask?domain=${encodeURIComponent(domain)}`)

  beforeAll(async () => {
    dns = await startDnsServer()
    // A stand-in web build: the server serves its index.html for the app's pages.
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-web-'))
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Ferry</title>')
    await fs.mkdir(path.join(webDist, 'assets'))
    await fs.writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log(1)')
    app = await buildTestApp({ clock, env: { DNS_RESOLVER: dns.address, WEB_DIST: webDist } })
    acme = await createTestOrganization(app, {
      plan: 'enterprise',
      billing: 'complimentary',
      roles: ['admin', 'member'],
    })
    other = await createTestOrganization(app, { plan: 'enterprise', billing: 'complimentary', name: 'Other' })
    acmeShare = (await send(acme.members[1]!)).unique_id
    otherShare = (await send(other.owner)).unique_id
    loneShare = (await send(await signUp(app, 'PREMIUM', 'Lone Sender'))).unique_id
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    await dns?.close()
    await fs.rm(webDist, { recursive: true, force: true })
  })

  it('refuses a Business organization with 403 plan_feature_missing', async () => {
    const business = await createTestOrganization(app, { plan: 'business', billing: 'complimentary' })
    const res = await post(
      app,
      `/api/organizations/${business.id}/domains`,
      { host: 'files.biz.test' },
      business.owner.token,
    )
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('plan_feature_missing')
  })

  it('lets only the owner or an admin add a valid host, once across Ferry', async () => {
    const url = `/api/organizations/${acme.id}/domains`
    expect((await app.api(url, { method: 'POST' })).status).toBe(401)
    const byMember = await post(app, url, { host }, acme.members[1]!.token)
    expect([byMember.status, byMember.body.code]).toEqual([403, 'forbidden'])
    const byOutsider = await post(app, url, { host }, other.owner.token)
    expect([byOutsider.status, byOutsider.body.code]).toEqual([404, 'not_found'])
    for (const bad of ['127.0.0.1', 'localhost', 'https://files.acme.test/x', 'nodot', '']) {
      const res = await post(app, url, { host: bad }, acme.owner.token)
      expect(res.status, bad).toBe(400)
    }

    const created = await post<CustomDomain>(app, url, { host: ' Files.ACME.test. ' }, acme.members[0]!.token)
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    domain = created.body
    expect(domain).toMatchObject({
      host,
      txt_name: `_ferry-challenge.${host}`,
      status: 'pending',
      last_checked_at: null,
    })
    expect(domain.txt_value).toMatch(/^ferry-verify=[\w-]{32}$/)

    const again = await post(app, `/api/organizations/${other.id}/domains`, { host }, other.owner.token)
    expect([again.status, again.body.code]).toEqual([409, 'domain_taken'])
    const listed = await get<{ domains: CustomDomain[] }>(app, url, acme.members[1]!.token)
    expect(listed.body.domains.map((d) => d.host)).toEqual([host])
  })

  it('serves nothing on a host that is not verified, and Caddy may not get a certificate for it', async () => {
    await runChecks()
    for (const pathname of [`/share/${acmeShare}`, `/api/share/${acmeShare}`, '/', '/assets/app.js', '/login']) {
      expect((await requestAsHost(app, host, pathname)).status, pathname).toBe(404)
    }
    expect((await ask(host)).status).toBe(404)
    expect((await ask('unknown.example.test')).status).toBe(404)
    expect((await ask('localhost')).status).toBe(200)
  })

  it('after the TXT record appears and the job runs, serves the organization’s share page and nothing else', async () => {
    dns.setTxt(domain.txt_name, domain.txt_value)
    clock.advance(60 * 60_000)
    expect(await runChecks()).toBeGreaterThan(0)
    const listed = await get<{ domains: CustomDomain[] }>(
      app,
      `/api/organizations/${acme.id}/domains`,
      acme.owner.token,
    )
    expect(listed.body.domains[0]).toMatchObject({ host, status: 'verified' })
    expect(listed.body.domains[0]?.verified_at).not.toBeNull()
    expect((await ask(host)).status).toBe(200)

    const page = await requestAsHost(app, host, `/share/${acmeShare}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('<title>Ferry</title>')
    expect((await requestAsHost(app, host, '/assets/app.js')).status).toBe(200)
    const api = await requestAsHost(app, host, `/api/share/${acmeShare}`)
    expect(api.status).toBe(200)
    // The page's download link stays on the host the page came from.
    expect(JSON.parse(api.text).download_url).toMatch(
      new RegExp(`^http://${host.replace(/\./g, '\\.')}(:\\d+)?/share/`),
    )

    // Another organization's transfer, a transfer of nobody's organization, and everything else: 404.
    for (const pathname of [
      `/share/${otherShare}`,
      `/api/share/${otherShare}`,
      `/share/${loneShare}`,
      `/api/share/${loneShare}`,
      '/',
      '/login',
      '/api/transfers',
      '/api/organizations/current',
    ]) {
      expect((await requestAsHost(app, host, pathname)).status, pathname).toBe(404)
    }
    const login = await requestAsHost(app, host, '/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
      body: JSON.stringify({ email: acme.owner.email, password: 'x' }),
    })
    expect(login.status).toBe(404)
    // The main host keeps working, for the organization's transfers too.
    expect((await app.api(`/api/share/${acmeShare}`)).status).toBe(200)
    expect((await app.api(`/api/share/${otherShare}`)).status).toBe(200)
  })

  it('writes the custom host into the organization’s share links and recipient e-mails', async () => {
    const sent = await send(acme.owner, 'vera@example.com')
    expect(sent.sharing_url).toMatch(new RegExp(`^http://${host}(:\\d+)?/share/${sent.unique_id}$`))
    const mail = (await outbox(app)).find((m) => m.to.includes('vera@example.com'))
    expect(mail?.text).toMatch(new RegExp(`http://${host}(:\\d+)?/share/${sent.unique_id}\\?t=`))
    const listed = await get<{ items: { unique_id: string; sharing_url: string }[] }>(
      app,
      '/api/transfers',
      acme.owner.token,
    )
    expect(listed.body.items.find((t) => t.unique_id === sent.unique_id)?.sharing_url).toContain(`//${host}`)
    // Another organization's links stay on Ferry's own address.
    const theirs = await send(other.owner, 'walt@example.com')
    expect(theirs.sharing_url).not.toContain(host)
  })

  it('writes the custom host into the organization’s request links and serves their page and uploads there', async () => {
    const json = { 'content-type': 'application/json' }
    const createLink = (token: string) =>
      post<{ request_id: string; upload_url: string }>(app, '/api/file-request/create', { name: 'Receipts' }, token)
    const ours = await createLink(acme.members[1]!.token)
    expect(ours.status).toBe(201)
    const id = ours.body.request_id
    expect(ours.body.upload_url).toMatch(new RegExp(`^http://${host}(:\\d+)?/upload/${id}$`))
    const listed = await get<{ items: { request_id: string; upload_url: string }[] }>(
      app,
      '/api/file-requests',
      acme.members[1]!.token,
    )
    expect(listed.body.items.find((l) => l.request_id === id)?.upload_url).toBe(ours.body.upload_url)
    // Another organization's links stay on Ferry's own address, and its pages are not served here.
    const theirs = await createLink(other.owner.token)
    expect(theirs.body.upload_url).not.toContain(host)
    for (const pathname of [`/upload/${theirs.body.request_id}`, `/api/file-request/${theirs.body.request_id}`]) {
      expect((await requestAsHost(app, host, pathname)).status, pathname).toBe(404)
    }

    // The visitor's whole upload happens on the custom host: page, info, presign, PUT, upload.
    expect((await requestAsHost(app, host, `/upload/${id}`)).status).toBe(200)
    expect((await requestAsHost(app, host, `/api/file-request/${id}`)).status).toBe(200)
    const presign = (requestId?: string) =>
      requestAsHost(app, host, '/api/presign', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ filename: 'r.txt', file_size: 7, request_id: requestId }),
      })
    expect((await presign(theirs.body.request_id)).status).toBe(404)
    expect((await presign(undefined)).status).toBe(404)
    const signed = await presign(id)
    expect(signed.status, signed.text).toBe(200)
    const { url, file_key, headers } = JSON.parse(signed.text) as {
      url: string
      file_key: string
      headers: Record<string, string>
    }
    expect(new URL(url).hostname).toBe(host)
    const put = await requestAsHost(app, host, new URL(url).pathname + new URL(url).search, {
      method: 'PUT',
      headers,
      body: 'receipt',
    })
    expect(put.status, put.text).toBeLessThan(300)
    const uploaded = await requestAsHost(app, host, `/api/file-request/${id}/upload`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ files: [{ file_key, file_name: 'r.txt', file_size: 7 }], sender_name: 'Rita' }),
    })
    expect(uploaded.status, uploaded.text).toBe(201)
    // A multipart step for an upload that is no request link's of this organization: 404.
    const step = await requestAsHost(app, host, '/api/multipart/abort', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ uploadId: 'u', key: 'not-a-key' }),
    })
    expect(step.status).toBe(404)
  })

  it('stops serving a host whose record disappeared, and "check now" brings it back', async () => {
    dns.removeTxt(domain.txt_name)
    clock.advance(verifiedRecheckMs + 60_000)
    await runChecks()
    const url = `/api/organizations/${acme.id}/domains`
    const listed = await get<{ domains: CustomDomain[] }>(app, url, acme.owner.token)
    expect(listed.body.domains[0]?.status).toBe('failed')
    expect((await requestAsHost(app, host, `/share/${acmeShare}`)).status).toBe(404)
    expect((await ask(host)).status).toBe(404)

    dns.setTxt(domain.txt_name, domain.txt_value)
    const checked = await post<CustomDomain>(app, `${url}/${domain.id}/check`, {}, acme.owner.token)
    expect([checked.status, checked.body.status]).toEqual([200, 'verified'])
    expect((await requestAsHost(app, host, `/share/${acmeShare}`)).status).toBe(200)
  })

  it('keeps a verified host through a DNS outage', async () => {
    dns.failing(true)
    try {
      clock.advance(verifiedRecheckMs + 60_000)
      await runChecks()
    } finally {
      dns.failing(false)
    }
    expect((await requestAsHost(app, host, `/share/${acmeShare}`)).status).toBe(200)
  })

  it('removes a host (owner or admin): it is no longer a custom host', async () => {
    const url = `/api/organizations/${acme.id}/domains/${domain.id}`
    const byMember = await app.api(url, { method: 'DELETE', headers: { ...bearer(acme.members[1]!.token) } })
    expect(byMember.status).toBe(403)
    const removed = await app.api(url, { method: 'DELETE', headers: { ...bearer(acme.owner.token) } })
    expect(removed.status).toBe(204)
    expect((await ask(host)).status).toBe(404)
    const again = await app.api(url, { method: 'DELETE', headers: { ...bearer(acme.owner.token) } })
    expect(again.status).toBe(404)
  })
})
