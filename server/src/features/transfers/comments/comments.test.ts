import type { CommentThread, FileCommentsResponse } from '@ferry/contracts/api/comments'
import type { ShareResponse } from '@ferry/contracts/api/transfers'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { appJobHandlers } from '../../../app.js'
import { type JobWorker, startJobWorker } from '../../../jobs/job-worker.js'
import { forEachStack, type TestApp } from '../../../testing/test-app.js'
import { authStacks, bearer, createTestClock } from '../../auth/testing/auth-test-kit.js'
import { buyWithTestCheckout, checkoutBody } from '../../billing/testing/billing-test-kit.js'
import {
  linkParts,
  outbox,
  postTransfer,
  type Sender,
  setExpiry,
  signUp,
  uploadFiles,
} from '../testing/transfers-test-kit.js'

// Issue 19 item 2: review comments over real HTTP. Business plans have document_comments, Pro does
// not; the transfer's access rules apply as for previews; one digest e-mail per sender and window.

const clock = createTestClock()
afterEach(() => clock.reset())
const quiet = { info() {}, error() {} }
const minute = 60_000

await forEachStack((getApp) => {
  let worker: JobWorker | undefined
  afterEach(async () => {
    await worker?.stop()
    worker = undefined
  })
  const tag = () => Math.random().toString(36).slice(2, 8)

  /** Runs the due queued jobs as an instance's worker would. */
  async function runJobs(app: TestApp) {
    worker ??= startJobWorker(
      { queue: app.services.jobQueue, clock: app.deps.clock, logger: quiet },
      appJobHandlers(app.deps, app.services),
    )
    await worker.drain()
  }

  async function businessSender(app: TestApp, name = 'Bea Business') {
    const sender = await signUp(app, 'FREE', name)
    await buyWithTestCheckout(app, sender.token, checkoutBody(sender.id, { plan_id: 'business' }))
    return sender
  }

  async function send(app: TestApp, sender: Sender, extra: Record<string, unknown> = {}) {
    const rita = `rita-${tag()}@example.com`
    const files = await uploadFiles(app, sender, [
      { name: 'contract.pdf', body: Buffer.from('%PDF-1.4 not really') },
      { name: 'clip.mp4', body: Buffer.from('not a video') },
    ])
    const res = await postTransfer(app, sender.token, {
      files,
      recipient_emails: [rita],
      title: 'Review me',
      ...extra,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const mail = (await outbox(app)).find((m) => m.to.includes(rita))!
    const { uniqueId, t } = linkParts(mail.links.find((l) => l.includes('/share/'))!)
    // Read as the sender: the file ids, whatever locks the transfer has.
    const share = await app.api(`/api/share/${uniqueId}`, { headers: bearer(sender.token) })
    const body = (await share.json()) as { transfer: { files: { file_id: string; file_name: string }[] } }
    const [pdf, clip] = body.transfer.files.map((f) => f.file_id) as [string, string]
    return { id: res.body.id as string, uniqueId, t, rita, pdf, clip }
  }

  const url = (uniqueId: string, fileId: string, rest = '/comments', t?: string) =>
    `/api/share/${uniqueId}/files/${fileId}${rest}${t ? `?t=${t}` : ''}`
  const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

  it('lets a recipient (by link) and the sender discuss a file: anchored threads, replies, resolve, reopen, verdicts', async () => {
    const app = getApp()
    const sender = await businessSender(app)
    const x = await send(app, sender)
    const share = (await (await app.api(`/api/share/${x.uniqueId}?t=${x.t}`)).json()) as ShareResponse
    expect(share.transfer.comments_enabled).toBe(true)

    const opened = await app.api(
      url(x.uniqueId, x.pdf, '/comments', x.t),
      json('POST', { text: '  Clause 4 <b>is</b> wrong\nsee page 3  ', anchor: { kind: 'page', page: 3 } }),
    )
    expect(opened.status, await opened.clone().text()).toBe(201)
    const thread = (await opened.json()) as CommentThread
    expect(thread).toMatchObject({
      file_id: x.pdf,
      anchor: { kind: 'page', page: 3 },
      resolved: false,
      comments: [{ author: { kind: 'recipient', name: x.rita }, text: 'Clause 4 <b>is</b> wrong\nsee page 3' }],
    })

    const reply = await app.api(
      url(x.uniqueId, x.pdf),
      json('POST', { text: 'Fixed in v2', thread_id: thread.id }, bearer(sender.token)),
    )
    expect(reply.status).toBe(201)
    expect(((await reply.json()) as CommentThread).comments.map((c) => c.author)).toEqual([
      { kind: 'recipient', name: x.rita },
      { kind: 'sender', name: 'Bea Business' },
    ])

    const region = await app.api(
      url(x.uniqueId, x.clip, '/comments', x.t),
      json('POST', { text: 'Logo too early', anchor: { kind: 'time', seconds: 12.5 } }),
    )
    expect(region.status).toBe(201)

    const resolved = await app.api(
      url(x.uniqueId, x.pdf, `/comments/${thread.id}`),
      json('PATCH', { resolved: true }, bearer(sender.token)),
    )
    expect(((await resolved.json()) as CommentThread).resolved).toBe(true)
    const reopened = await app.api(
      url(x.uniqueId, x.pdf, `/comments/${thread.id}`, x.t),
      json('PATCH', { resolved: false }),
    )
    expect(((await reopened.json()) as CommentThread).resolved).toBe(false)

    // The latest verdict of each reviewer wins.
    for (const verdict of ['changes_requested', 'approved']) {
      const res = await app.api(url(x.uniqueId, x.pdf, '/review', x.t), json('PUT', { verdict }))
      expect(res.status).toBe(200)
    }
    await app.api(url(x.uniqueId, x.pdf, '/review'), json('PUT', { verdict: 'approved' }, bearer(sender.token)))

    const list = await app.api(url(x.uniqueId, x.pdf, '/comments', x.t))
    expect(list.status).toBe(200)
    const body = (await list.json()) as FileCommentsResponse
    expect(body.viewer).toEqual({ kind: 'recipient', name: x.rita, can_write: true })
    expect(body.threads).toHaveLength(1)
    expect(body.threads[0]!.comments).toHaveLength(2)
    expect(body.reviews.map((r) => [r.reviewer.kind, r.verdict])).toEqual([
      ['recipient', 'approved'],
      ['sender', 'approved'],
    ])
    const clip = (await (await app.api(url(x.uniqueId, x.clip, '/comments', x.t))).json()) as FileCommentsResponse
    expect(clip.threads[0]!.anchor).toEqual({ kind: 'time', seconds: 12.5 })
  })

  it('lets a visitor of the plain link read but not write, and refuses bad input with 4xx', async () => {
    const app = getApp()
    const sender = await businessSender(app)
    const x = await send(app, sender)
    await app.api(url(x.uniqueId, x.pdf, '/comments', x.t), json('POST', { text: 'First' }))

    const read = await app.api(url(x.uniqueId, x.pdf))
    expect(read.status).toBe(200)
    const body = (await read.json()) as FileCommentsResponse
    expect(body.viewer).toEqual({ kind: 'visitor', name: null, can_write: false })
    expect(body.threads).toHaveLength(1)
    const write = await app.api(url(x.uniqueId, x.pdf), json('POST', { text: 'Anonymous' }))
    expect(write.status).toBe(403)
    expect(await write.json()).toMatchObject({ code: 'comment_author_unknown' })
    const wrongT = await app.api(url(x.uniqueId, x.pdf, '/comments', 'not-a-tracking-id'), json('POST', { text: 'x' }))
    expect(wrongT.status).toBe(403)

    const bad = [
      { text: '' },
      { text: 'x'.repeat(4001) },
      { text: 'nul \u0000 byte' },
      { text: 'x', anchor: { kind: 'region', x: 0.8, y: 0.1, w: 0.5, h: 0.1 } },
      { text: 'x', anchor: { kind: 'page', page: 0 } },
      { text: 'x', anchor: { kind: 'time', seconds: -1 } },
    ]
    for (const input of bad) {
      const res = await app.api(url(x.uniqueId, x.pdf, '/comments', x.t), json('POST', input))
      expect(res.status, JSON.stringify(input)).toBe(400)
    }
    const otherFile = await app.api(url(x.uniqueId, '00000000-0000-4000-8000-000000000000', '/comments', x.t))
    expect(otherFile.status).toBe(404)
    const noThread = await app.api(
      url(x.uniqueId, x.pdf, '/comments', x.t),
      json('POST', { text: 'x', thread_id: '00000000-0000-4000-8000-000000000000' }),
    )
    expect(noThread.status).toBe(404)
    expect(await noThread.json()).toMatchObject({ code: 'comment_thread_not_found' })
  })

  it("needs the sender's Business flag: a Pro sender's transfer answers 403 plan_feature_missing", async () => {
    const app = getApp()
    const pro = await signUp(app, 'PREMIUM', 'Pia Pro')
    const x = await send(app, pro)
    // The share page shows no comments for it.
    const share = (await (await app.api(`/api/share/${x.uniqueId}?t=${x.t}`)).json()) as ShareResponse
    expect(share.transfer.comments_enabled).toBe(false)
    for (const res of [
      await app.api(url(x.uniqueId, x.pdf, '/comments', x.t)),
      await app.api(url(x.uniqueId, x.pdf, '/comments', x.t), json('POST', { text: 'hello' })),
      await app.api(url(x.uniqueId, x.pdf, '/review', x.t), json('PUT', { verdict: 'approved' })),
      await app.api(`/api/transfers/${x.id}/comments.csv`, { headers: bearer(pro.token) }),
    ]) {
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({ code: 'plan_feature_missing' })
    }
  })

  it("applies the transfer's access rules: password grant, verified recipients, expiry, deletion", async () => {
    const app = getApp()
    const sender = await businessSender(app)
    const locked = await send(app, sender, { password: 'open sesame' })
    const noGrant = await app.api(url(locked.uniqueId, locked.pdf, '/comments', locked.t))
    expect(noGrant.status).toBe(401)
    expect(await noGrant.json()).toMatchObject({ code: 'password_required' })
    const unlock = await app.api(`/api/share/${locked.uniqueId}/unlock`, json('POST', { password: 'open sesame' }))
    const grant = unlock.headers.get('x-ferry-grant')!
    const withGrant = await app.api(url(locked.uniqueId, locked.pdf, '/comments', locked.t), {
      headers: { 'x-ferry-grant': grant },
    })
    expect(withGrant.status).toBe(200)

    const verified = await send(app, sender, { access: 'recipients' })
    // The link's `t` alone does not open a recipients-only transfer: the emailed code does.
    const unverified = await app.api(
      url(verified.uniqueId, verified.pdf, '/comments', verified.t),
      json('POST', { text: 'x' }),
    )
    expect(unverified.status).toBe(401)
    expect(await unverified.json()).toMatchObject({ code: 'verification_required' })

    const expired = await send(app, sender)
    await setExpiry(app, expired.id, new Date(clock.now().getTime() - minute))
    const afterExpiry = await app.api(url(expired.uniqueId, expired.pdf, '/comments', expired.t))
    expect(afterExpiry.status).toBe(403)
    expect(await afterExpiry.json()).toMatchObject({ code: 'transfer_expired' })

    const deleted = await send(app, sender)
    await app.api(`/api/transfers/${deleted.id}`, { method: 'DELETE', headers: bearer(sender.token) })
    expect((await app.api(url(deleted.uniqueId, deleted.pdf, '/comments', deleted.t))).status).toBe(404)
  })

  it('sends the sender one digest for several comments in a window, none for their own, and the next window its own', async () => {
    const app = getApp()
    const sender = await businessSender(app, 'Dina Digest')
    const x = await send(app, sender)
    const digests = async () =>
      (await outbox(app)).filter((m) => m.to.includes(sender.email) && /new comments?/.test(m.subject))

    for (const text of ['One', 'Two =SUM(1)', 'Three']) {
      expect((await app.api(url(x.uniqueId, x.pdf, '/comments', x.t), json('POST', { text }))).status).toBe(201)
    }
    await app.api(url(x.uniqueId, x.pdf), json('POST', { text: 'My own note' }, bearer(sender.token)))
    await runJobs(app)
    expect(await digests()).toHaveLength(0) // not before the window ends

    clock.advance(10 * minute)
    await runJobs(app)
    const [digest] = await digests()
    expect(await digests()).toHaveLength(1)
    expect(digest!.subject).toBe('3 new comments on your transfers')
    expect(digest!.text).toContain('One')
    expect(digest!.text).toContain('Three')
    expect(digest!.text).not.toContain('My own note')
    expect(digest!.links).toContain(`${app.deps.config.publicUrl}/transfers/${x.id}`)

    await runJobs(app)
    clock.advance(10 * minute)
    await runJobs(app)
    expect(await digests()).toHaveLength(1)

    await app.api(url(x.uniqueId, x.clip, '/comments', x.t), json('POST', { text: 'Later one' }))
    clock.advance(10 * minute)
    await runJobs(app)
    const all = await digests()
    expect(all).toHaveLength(2)
    expect(all[1]!.subject).toBe('1 new comment on your transfers')
  })

  it("exports the owner's comments as CSV: RFC 4180, UTF-8, UTC times, formulas neutralised", async () => {
    const app = getApp()
    const sender = await businessSender(app)
    const x = await send(app, sender)
    await app.api(
      url(x.uniqueId, x.pdf, '/comments', x.t),
      json('POST', { text: '=HYPERLINK("http://evil","click"), ñ', anchor: { kind: 'page', page: 2 } }),
    )
    await app.api(url(x.uniqueId, x.pdf, '/review', x.t), json('PUT', { verdict: 'changes_requested' }))

    const res = await app.api(`/api/transfers/${x.id}/comments.csv`, { headers: bearer(sender.token) })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toContain('attachment')
    const text = new TextDecoder('utf-8').decode(await res.arrayBuffer())
    const lines = text.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe('file,kind,thread,anchor,thread_status,author_role,author,created_at_utc,text')
    expect(lines[1]).toMatch(
      /^contract\.pdf,comment,[0-9a-f-]{36},page 2,open,recipient,rita-\w+@example\.com,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z,"'=HYPERLINK\(""http:\/\/evil"",""click""\), ñ"$/,
    )
    expect(lines[2]).toMatch(/^contract\.pdf,verdict,,,,recipient,rita-\w+@example\.com,[^,]+Z,changes_requested$/)
    expect(lines[3]).toBe('')

    const stranger = await signUp(app, 'FREE', 'Sam Stranger')
    const notMine = await app.api(`/api/transfers/${x.id}/comments.csv`, { headers: bearer(stranger.token) })
    expect(notMine.status).toBe(404)
    expect((await app.api(`/api/transfers/${x.id}/comments.csv`)).status).toBe(401)
  })

  describe('live updates', () => {
    const open = (app: TestApp, uniqueId: string, query = '', headers: Record<string, string> = {}) =>
      new Promise<{ socket: WebSocket; messages: unknown[]; closed: Promise<number> }>((resolve, reject) => {
        const socket = new WebSocket(`${app.url.replace(/^http/, 'ws')}/api/share/${uniqueId}/comments/ws${query}`, {
          headers,
        })
        const messages: unknown[] = []
        const closed = new Promise<number>((done) => socket.on('close', (code) => done(code)))
        socket.on('message', (data) => messages.push(JSON.parse(String(data))))
        socket.on('open', () => resolve({ socket, messages, closed }))
        socket.on('error', reject)
      })

    it('tells the other party which file changed, without the text, and refuses who may not read', async () => {
      const app = getApp()
      const sender = await businessSender(app)
      const x = await send(app, sender)
      const senderPage = await open(app, x.uniqueId, '', bearer(sender.token))
      await app.api(
        url(x.uniqueId, x.clip, '/comments', x.t),
        json('POST', { text: 'At 0:12', anchor: { kind: 'time', seconds: 12 } }),
      )
      await expect.poll(() => senderPage.messages).toEqual([{ type: 'comments_changed', file_id: x.clip }])
      senderPage.socket.close()

      const pro = await signUp(app, 'PREMIUM', 'Pia Pro')
      const proTransfer = await send(app, pro)
      const refused = await open(app, proTransfer.uniqueId, `?t=${proTransfer.t}`)
      expect(await refused.closed).toBe(4403)
    })
  })
}, authStacks({ clock }))
