import { randomBytes } from 'node:crypto'
import { socketCloseCodes } from '@ferry/contracts/realtime/socket-close'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRoom, joinRoom, ofType, openSocket, roomSocket } from '../features/rooms/testing/rooms-test-kit.js'
import type { TestApp } from '../testing/test-app.js'
import { type Cluster, startCluster } from './harness/cluster.js'
import { callJson, registerConfirmed } from './harness/cluster-client.js'

// Issue 17 item 3 across instances: a participant who closes the tab, leaves, or whose browser
// goes silent disappears for the others within 10 s, whichever instance each one's socket is on,
// through the shared presence (Redis) and the event bus. The instances run the default grace (5 s).

describe('who is in a room, with its members on two instances', () => {
  let cluster: Cluster
  let token: string
  let hostId: string
  /** The rooms test kit, pointed straight at one instance (not through the proxy). */
  const api = (i: number) => (path: string, init?: RequestInit) => fetch(`${cluster.instances[i]!.url}${path}`, init)
  const at = (i: number) => ({ api: api(i), url: cluster.instances[i]!.url }) as unknown as TestApp

  beforeAll(async () => {
    cluster = await startCluster({ instances: 2, storage: 'local', env: { ROOM_HEARTBEAT_SECONDS: '1' } })
    const registered = await registerConfirmed<{ access_token: string; user: { id: string } }>(cluster, {
      body: { email: `host-${randomBytes(4).toString('hex')}@example.com`, password: 'cluster rooms 1', name: 'Hana' },
    })
    expect(registered.status).toBe(201)
    token = registered.body.access_token
    hostId = registered.body.user.id
  })
  afterAll(async () => {
    await cluster?.close()
  })

  const participantsOn = async (i: number, roomId: string) => {
    const room = await callJson<{ participants: { user_id: string }[] }>(api(i), 'GET', `/api/rooms/${roomId}`, {
      token,
    })
    return room.body.participants.map((p) => p.user_id)
  }

  it('a guest on one instance closes the tab: the host on the other hears it within 10 s, and the seat is free', async () => {
    const viaProxy = { api: cluster.api, url: cluster.url } as unknown as TestApp
    const roomId = await createRoom(viaProxy, token, { max_participants: 2 })
    const host = await roomSocket(at(0), roomId, token)
    const guest = await joinRoom(viaProxy, roomId, null, 'Gus')
    const guestSocket = await roomSocket(at(1), roomId, guest.guest_token!)
    expect(await participantsOn(0, roomId)).toEqual([hostId, guest.participant_id])

    const closedAt = Date.now()
    guestSocket.close()
    await host.next((m) => m.type === 'user_left' && m.participant_id === guest.participant_id, 10_000)
    expect(Date.now() - closedAt).toBeLessThan(10_000)
    expect(await participantsOn(0, roomId)).toEqual([hostId])
    expect(await participantsOn(1, roomId)).toEqual([hostId])
    const next = await callJson(api(1), 'POST', `/api/rooms/${roomId}/join`, { body: { display_name: 'Nell' } })
    expect(next.status, JSON.stringify(next.body)).toBe(200)
    host.close()
  })

  it('Leave room on one instance: the host on the other hears it at once; the guest’s socket closes', async () => {
    const roomId = await createRoom(at(0), token)
    const host = await roomSocket(at(0), roomId, token)
    const guest = await joinRoom(at(0), roomId, null, 'Lea')
    const guestSocket = await roomSocket(at(0), roomId, guest.guest_token!)
    const left = await api(1)(`/api/rooms/${roomId}/leave`, {
      method: 'POST',
      headers: { 'x-room-guest': guest.guest_token! },
    })
    expect(left.status).toBe(204)
    await host.next((m) => m.type === 'user_left' && m.participant_id === guest.participant_id, 3_000)
    expect((await guestSocket.closed).code).toBe(socketCloseCodes.notMember)
    host.close()
  })

  it('a guest whose browser goes silent (no close, no pongs) is dropped within 10 s for the host elsewhere', async () => {
    const roomId = await createRoom(at(0), token)
    const host = await roomSocket(at(0), roomId, token)
    const guest = await joinRoom(at(1), roomId, null, 'Quinn')
    const silent = openSocket(at(1), `/api/rooms/${roomId}/ws`, guest.guest_token!, {}, false)
    await silent.next(ofType('welcome'))
    const since = Date.now()
    await host.next((m) => m.type === 'user_left' && m.participant_id === guest.participant_id, 10_000)
    expect(Date.now() - since).toBeLessThan(10_000)
    expect(await participantsOn(1, roomId)).toEqual([hostId])
    host.close()
  })
})
