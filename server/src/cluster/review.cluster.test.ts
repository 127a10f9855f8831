import { randomBytes } from 'node:crypto'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { checkoutBody } from '../features/billing/testing/billing-test-kit.js'
import { linkParts } from '../features/transfers/testing/transfers-test-kit.js'
import { readOutbox } from '../testing/mail-reader.js'
import { type Cluster, startCluster } from './harness/cluster.js'
import { callJson, eventually, registerConfirmed } from './harness/cluster-client.js'
import { uploadSmall } from './harness/cluster-uploads.js'

// Issue 19 across instances: a file's previews are made by whichever instance's worker takes the
// job, and a review comment written through one instance reaches a share page whose socket is open
// on another (the comments' notices travel on the Redis event bus).

describe('previews and review comments across two instances (PostgreSQL, S3, Redis)', () => {
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

  it('makes a preview on some instance and carries a comment from one instance to a socket on the other', async () => {
    const email = `review-${randomBytes(4).toString('hex')}@example.com`
    const registered = await registerConfirmed<{ access_token: string; user: { id: string } }>(cluster, {
      body: { email, password: 'review cluster pass 1', name: 'Bea Business' },
    })
    expect(registered.status).toBe(201)
    const token = registered.body.access_token
    const started = await callJson<{ session_id: string }>(cluster.api, 'POST', '/api/checkout/session', {
      token,
      body: checkoutBody(registered.body.user.id, { plan_id: 'business' }),
    })
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    const paid = await callJson(cluster.api, 'POST', `/api/checkout/test/${started.body.session_id}/complete`, {
      token,
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)

    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer()
    const file = await uploadSmall({ api: cluster.api, token }, 'photo.jpg', photo)
    const rita = `rita-${randomBytes(4).toString('hex')}@example.com`
    const sent = await callJson<{ id: string }>(cluster.api, 'POST', '/api/transfers', {
      token,
      body: { files: [file], recipient_emails: [rita], title: 'Review across instances' },
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const mail = (await readOutbox(path.join(cluster.dataDir, 'mail'))).find((m) => m.to.includes(rita))
    const link = mail?.links.find((l) => l.includes('/share/'))
    expect(link, 'the recipient got a personal link').toBeTruthy()
    const { uniqueId, t } = linkParts(link!)

    // The derivatives job runs on whichever instance's worker takes it; both instances serve it.
    type Share = { transfer: { files: { file_id: string; thumbnail_url: string | null }[] } }
    let fileId = ''
    let thumbnail = ''
    await eventually(async () => {
      const share = await callJson<Share>(cluster.api, 'GET', `/api/share/${uniqueId}?t=${t}`)
      const first = share.body.transfer?.files[0]
      fileId = first?.file_id ?? ''
      thumbnail = first?.thumbnail_url ?? ''
      return share.status === 200 && thumbnail !== ''
    }, 'the photo has a thumbnail')
    const thumbnailPath = new URL(thumbnail, cluster.url).pathname + new URL(thumbnail, cluster.url).search
    for (const i of [0, 1]) {
      const served = await on(i)(thumbnailPath)
      expect(served.status).toBe(200)
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0)
    }

    // The sender's share page listens on instance 0; the recipient comments through instance 1.
    const socket = new WebSocket(
      `${cluster.instances[0]!.url.replace(/^http/, 'ws')}/api/share/${uniqueId}/comments/ws`,
      { headers: { authorization: `Bearer ${token}` } },
    )
    const messages: unknown[] = []
    socket.on('message', (data) => messages.push(JSON.parse(String(data))))
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve())
        socket.once('error', reject)
      })
      // The socket's subscription is in place once it is open; a comment now must reach it.
      const posted = await callJson(on(1), 'POST', `/api/share/${uniqueId}/files/${fileId}/comments?t=${t}`, {
        body: { text: 'The left side is too dark', anchor: { kind: 'region', x: 0, y: 0, w: 0.5, h: 1 } },
      })
      expect(posted.status, JSON.stringify(posted.body)).toBe(201)
      await expect.poll(() => messages, { timeout: 15_000 }).toEqual([{ type: 'comments_changed', file_id: fileId }])

      const read = await callJson<{ threads: { comments: { text: string }[] }[] }>(
        on(0),
        'GET',
        `/api/share/${uniqueId}/files/${fileId}/comments`,
        { token },
      )
      expect(read.status).toBe(200)
      expect(read.body.threads.map((thread) => thread.comments[0]?.text)).toEqual(['The left side is too dark'])
    } finally {
      socket.close()
    }
  })
})
