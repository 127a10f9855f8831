import { randomBytes } from 'node:crypto'
import { socketCloseCodes } from '@ferry/contracts/realtime/socket-close'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  createRoom,
  initiate,
  joinRoom,
  reportStatus,
  respond,
  roomSocket,
  signallingSocket,
  type TestSocket,
} from '../features/rooms/testing/rooms-test-kit.js'
import type { TestApp } from '../testing/test-app.js'
import { type Cluster, metricValue, startCluster } from './harness/cluster.js'
import { callJson } from './harness/cluster-client.js'

interface Member {
  id: string
  token: string
}

describe('a room whose members sit on different instances', () => {
  let cluster: Cluster
  /** The rooms test kit, pointed at the proxy. */
  let viaProxy: TestApp
  let alice: Member
  let bob: Member
  let roomId: string
  const sockets: TestSocket[] = []
  const upgrades = new Map<string, string[]>()

  async function member(name: string): Promise<Member> {
    const r = await callJson<{ access_token: string; user: { id: string } }>(cluster.api, 'POST', '/auth/register', {
      body: { email: `${name}-${randomBytes(4).toString('hex')}@example.com`, password: 'room cluster pass 1', name },
    })
    expect(r.status).toBe(201)
    return { id: r.body.user.id, token: r.body.access_token }
  }

  beforeAll(async () => {
    cluster = await startCluster({ instances: 3, storage: 'local' })
    viaProxy = { api: cluster.api, url: cluster.url } as unknown as TestApp
    cluster.proxy.onRoute((method, url, target) => {
      if (method === 'UPGRADE') upgrades.set(url.split('?')[0]!, [...(upgrades.get(url.split('?')[0]!) ?? []), target])
    })
    alice = await member('Alice')
    bob = await member('Bob')
    roomId = await createRoom(viaProxy, alice.token)
    await joinRoom(viaProxy, roomId, { token: bob.token })
  })
  afterAll(async () => {
    for (const socket of sockets) socket.close()
    await cluster?.close()
  })

  const open = async (kind: 'room' | 'signal', who: Member) => {
    const socket = await (kind === 'room' ? roomSocket : signallingSocket)(viaProxy, roomId, who.token)
    sockets.push(socket)
    return socket
  }

  /** Alice sends Bob a file offer; Bob accepts; signalling is relayed; Bob reports it completed. */
  async function transferAcross(
    aliceRoom: TestSocket,
    bobRoom: TestSocket,
    aliceSignal: TestSocket,
    bobSignal: TestSocket,
  ) {
    const transfer = await initiate(viaProxy, roomId, { token: alice.token }, bob.id, `cross-${Date.now()}.bin`)
    const byId = (type: string) => (m: Record<string, unknown>) =>
      m.type === type && (m.transfer as { transfer_id?: string } | undefined)?.transfer_id === transfer.transfer_id
    expect((await bobRoom.next(byId('transfer_request'), 10_000)).transfer).toEqual(transfer)
    expect((await respond(viaProxy, transfer.transfer_id, { token: bob.token }, true)).status).toBe(200)
    expect(await aliceRoom.next(byId('transfer_response'))).toMatchObject({ accepted: true })

    const channel = transfer.transfer_id
    aliceSignal.send({ type: 'ready', channel })
    bobSignal.send({ type: 'ready', channel })
    const isFor = (type: string) => (m: Record<string, unknown>) => m.type === type && m.channel === channel
    expect(await aliceSignal.next(isFor('role'))).toMatchObject({ role: 'offerer', peer: bob.id })
    const sdp = { type: 'offer', sdp: 'v=0 cluster' }
    aliceSignal.send({ type: 'offer', channel, to: bob.id, sdp })
    expect(await bobSignal.next(isFor('offer'))).toEqual({ type: 'offer', channel, from: alice.id, sdp })
    const answer = { type: 'answer', sdp: 'v=0 back' }
    bobSignal.send({ type: 'answer', channel, to: alice.id, sdp: answer })
    expect(await aliceSignal.next(isFor('answer'))).toEqual({ type: 'answer', channel, from: bob.id, sdp: answer })

    const done = await reportStatus(
      viaProxy,
      transfer.transfer_id,
      { token: bob.token },
      {
        status: 'completed',
        transfer_speed: 12.5,
      },
    )
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    const status = await aliceRoom.next((m) => m.type === 'transfer_status' && m.transfer_id === transfer.transfer_id)
    expect(status).toMatchObject({ status: 'completed', by: bob.id, transfer_speed: 12.5 })
  }

  it('completes a transfer between sockets on different instances', async () => {
    const aliceRoom = await open('room', alice)
    const bobRoom = await open('room', bob)
    const aliceSignal = await open('signal', alice)
    const bobSignal = await open('signal', bob)
    const roomTargets = upgrades.get(`/api/rooms/${roomId}/ws`)!
    const signalTargets = upgrades.get(`/ws/webrtc/${roomId}`)!
    expect(roomTargets[0]).not.toBe(roomTargets[1])
    expect(signalTargets[0]).not.toBe(signalTargets[1])

    await transferAcross(aliceRoom, bobRoom, aliceSignal, bobSignal)

    let counted = 0
    for (const instance of cluster.instances)
      counted += metricValue(await cluster.metrics(instance), 'ferry_room_sockets')
    expect(counted).toBe(4)
  })

  it('keeps the room working after Redis restarts', async () => {
    const [oldAliceRoom, oldBobRoom, aliceSignal, bobSignal] = sockets as [
      TestSocket,
      TestSocket,
      TestSocket,
      TestSocket,
    ]
    await cluster.redis.stop()
    // Rate limits count in Redis; while it is down, sign-ins are let through (and logged), not refused.
    const during = await callJson(cluster.api, 'POST', '/auth/register', {
      body: {
        email: `during-${randomBytes(4).toString('hex')}@example.com`,
        password: 'room cluster pass 1',
        name: 'Di',
      },
    })
    expect(during.status, JSON.stringify(during.body)).toBe(201)
    // Redis comes back once every instance has found its event bus down (each logs it once per outage).
    await vi.waitFor(
      () => {
        for (const instance of cluster.instances) expect(instance.output()).toContain('Redis event bus connection lost')
      },
      { timeout: 15_000, interval: 100 },
    )
    await cluster.redis.start()

    // Events of the outage are lost (pub/sub), so once an instance's bus is back it closes its room
    // event sockets with 1012 and browsers reconnect and reload the room; signalling sockets stay.
    for (const socket of [oldAliceRoom, oldBobRoom]) {
      expect((await socket.closed).code).toBe(socketCloseCodes.eventsInterrupted)
    }
    const aliceRoom = await open('room', alice)
    const bobRoom = await open('room', bob)
    // Instances reconnect one by one: wait until an offer reaches Bob again.
    const deadline = Date.now() + 30_000
    for (;;) {
      const probe = await initiate(viaProxy, roomId, { token: alice.token }, bob.id, `probe-${Date.now()}.bin`)
      const arrived = await bobRoom
        .next(
          (m) =>
            m.type === 'transfer_request' && (m.transfer as { transfer_id: string }).transfer_id === probe.transfer_id,
          2000,
        )
        .then(
          () => true,
          () => false,
        )
      if (arrived) break
      if (Date.now() > deadline) throw new Error('Room events did not flow again within 30 s of Redis coming back')
    }
    await transferAcross(aliceRoom, bobRoom, aliceSignal, bobSignal)
    // Sign-in (its rate limit counts live in Redis) works again too.
    const again = await callJson(cluster.api, 'POST', '/auth/register', {
      body: {
        email: `after-${randomBytes(4).toString('hex')}@example.com`,
        password: 'room cluster pass 1',
        name: 'Cy',
      },
    })
    expect(again.status).toBe(201)
  })
})
