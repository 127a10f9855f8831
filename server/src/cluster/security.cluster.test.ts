import { randomBytes } from 'node:crypto'
import { socketCloseCodes } from '@ferry/contracts/realtime/socket-close'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRoom, joinRoom, ofType, openSocket, roomSocket } from '../features/rooms/testing/rooms-test-kit.js'
import type { TestApp } from '../testing/test-app.js'
import { type Cluster, startCluster } from './harness/cluster.js'
import { callJson, registerConfirmed } from './harness/cluster-client.js'
import { putTo, uploadCall } from './harness/cluster-uploads.js'

// Security review H-1, H-2, M-3 and L-4 across instances: what one instance decided about an
// upload or a room holds on the others, because it lives in the shared database and Redis.

interface Signed {
  url: string
  file_key: string
  headers: Record<string, string>
}

describe('security rules held by three instances together (PostgreSQL, shared disk, Redis)', () => {
  let cluster: Cluster
  let token: string
  /** The rooms test kit, pointed at the proxy. */
  let viaProxy: TestApp

  beforeAll(async () => {
    // Local storage: signed PUTs go through the instances, so each one must refuse a claimed URL.
    cluster = await startCluster({ instances: 3, storage: 'local', env: { ROOM_PRESENCE_GRACE_SECONDS: '1' } })
    viaProxy = { api: cluster.api, url: cluster.url } as unknown as TestApp
    const registered = await registerConfirmed<{ access_token: string }>(cluster, {
      body: { email: `sec-${randomBytes(4).toString('hex')}@example.com`, password: 'cluster security 1', name: 'Sec' },
    })
    expect(registered.status).toBe(201)
    token = registered.body.access_token
  })
  afterAll(async () => {
    await cluster?.close()
  })

  it('H-1: a signed PUT is refused by every instance once another claimed the upload; recipients get the sent bytes', async () => {
    const caller = { api: cluster.api, token }
    const original = randomBytes(3000)
    const { body: signed } = await uploadCall<Signed>(caller, 'presign', {
      filename: 'report.pdf',
      content_type: 'application/octet-stream',
      file_size: original.length,
    })
    expect((await putTo(signed.url, original, signed.headers)).status).toBe(200)
    const transfer = await callJson<{ unique_id: string }>(cluster.api, 'POST', '/api/transfers', {
      token,
      body: {
        files: [{ file_key: signed.file_key, file_name: 'report.pdf', file_size: original.length }],
        recipient_emails: ['rita@example.com'],
        title: 'Claimed once',
      },
    })
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(201)

    // The proxy takes turns: three replays (same size: a longer body is refused sooner, 413) meet three instances.
    const refusedBy = new Set<string>()
    for (let i = 0; i < 3; i++) {
      const swap = await putTo(signed.url, randomBytes(original.length), signed.headers)
      expect(swap.status, swap.text).toBe(409)
      expect(JSON.parse(swap.text)).toMatchObject({ code: 'upload_claimed' })
      refusedBy.add(swap.instance)
    }
    expect(refusedBy.size).toBe(3)

    const download = await cluster.api(`/share/${transfer.body.unique_id}/download`)
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer()).equals(original)).toBe(true)
  })

  it("H-2: a request link's pending bytes, signed on one instance, bound what the others sign", async () => {
    const link = await callJson<{ request_id: string }>(cluster.api, 'POST', '/api/file-request/create', {
      token,
      body: { expires_in_days: 2, max_total_bytes: 100 },
    })
    expect(link.status, JSON.stringify(link.body)).toBe(201)
    const presign = (size: number) =>
      callJson<{ code?: string }>(cluster.api, 'POST', '/api/presign', {
        body: { filename: 'a.bin', file_size: size, request_id: link.body.request_id },
      })
    const first = await presign(60)
    expect(first.status).toBe(200)
    const answers = [await presign(50), await presign(41)]
    for (const answer of answers) {
      expect(answer.status).toBe(409)
      expect(answer.body.code).toBe('request_pending_limit')
    }
    expect(new Set([first.instance, ...answers.map((a) => a.instance)]).size).toBe(3)
    expect((await presign(40)).status).toBe(200)
  })

  it('M-3 and L-4: socket caps count sockets on every instance; a departed guest frees the seat everywhere', async () => {
    const roomId = await createRoom(viaProxy, token, { max_participants: 2 })
    const upgrades: string[] = []
    cluster.proxy.onRoute((method, url, target) => {
      if (method === 'UPGRADE' && url.includes(roomId)) upgrades.push(target)
    })
    const mine = []
    for (let i = 0; i < 4; i++) mine.push(await roomSocket(viaProxy, roomId, token))
    const fifth = openSocket(viaProxy, `/api/rooms/${roomId}/ws`, token)
    expect((await fifth.closed).code).toBe(socketCloseCodes.tooManyRequests)
    expect(new Set(upgrades).size).toBe(3)
    for (const socket of mine.slice(1)) socket.close()
    const host = mine[0]!

    const guest = await joinRoom(viaProxy, roomId, null, 'Gus')
    const full = await callJson<{ code?: string }>(cluster.api, 'POST', `/api/rooms/${roomId}/join`, {
      body: { display_name: 'Nell' },
    })
    expect(full.status).toBe(409)
    const guestSocket = openSocket(viaProxy, `/api/rooms/${roomId}/ws`, guest.guest_token!)
    await guestSocket.next(ofType('welcome'))
    guestSocket.close()
    // After the grace, some instance notices the guest is gone and the host hears it, wherever it sits.
    await host.next((m) => m.type === 'user_left' && m.participant_id === guest.participant_id, 20_000)
    const seated = await callJson(cluster.api, 'POST', `/api/rooms/${roomId}/join`, { body: { display_name: 'Nell' } })
    expect(seated.status, JSON.stringify(seated.body)).toBe(200)
    host.close()
  })

  it('API keys: a key made on one instance works on every one, and once revoked on one is refused by all at once', async () => {
    const made = await callJson<{ id: string; key: string }>(
      (pathname, init) => fetch(`${cluster.instances[0]!.url}${pathname}`, init),
      'POST',
      '/api/keys',
      { token, body: { name: 'Cluster script', scopes: ['transfers:read'] } },
    )
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const { id, key } = made.body
    const list = (i: number) =>
      fetch(`${cluster.instances[i]!.url}/api/transfers`, { headers: { authorization: `Bearer ${key}` } })
    for (const i of [0, 1, 2]) expect((await list(i)).status).toBe(200)

    const revoked = await fetch(`${cluster.instances[1]!.url}/api/keys/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(revoked.status).toBe(204)
    // No wait: every instance reads the key from the shared database on each request.
    for (const i of [2, 0, 1]) expect((await list(i)).status).toBe(401)
  })
})
