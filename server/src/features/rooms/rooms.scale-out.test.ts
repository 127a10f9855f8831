import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { availablePostgres, availableRedis } from '../../testing/services.js'
import type { TestApp } from '../../testing/test-app.js'
import { startTwoInstances, type TwoInstances } from '../../testing/two-instances.js'
import { signUp } from '../transfers/testing/transfers-test-kit.js'
import {
  createRoom,
  initiate,
  joinRoom,
  ofType,
  respond,
  roomSocket,
  signallingSocket,
} from './testing/rooms-test-kit.js'

const services = (await availablePostgres()) && (await availableRedis())

describe.skipIf(!services)('a room across two instances sharing PostgreSQL and Redis', () => {
  let instances: TwoInstances
  let one: TestApp
  let two: TestApp

  beforeAll(async () => {
    instances = await startTwoInstances({
      env: { AUTH_RATE_LIMIT_PER_IP: '10000', ROOM_PRESENCE_GRACE_SECONDS: '0.3' },
    })
    ;({ one, two } = instances)
    expect([one.deps.events.kind, two.deps.events.kind]).toEqual(['redis', 'redis'])
  })
  afterAll(() => instances?.close())

  it('carries joins, requests, responses and signalling between sockets on different instances', async () => {
    const alice = await signUp(one, 'FREE', 'Alice')
    const bob = await signUp(two, 'FREE', 'Bob')
    const roomId = await createRoom(one, alice.token)
    const aliceRoom = await roomSocket(one, roomId, alice.token)
    const aliceSignal = await signallingSocket(one, roomId, alice.token)

    await joinRoom(two, roomId, { token: bob.token })
    expect((await aliceRoom.next(ofType('user_joined'))).participant).toMatchObject({ user_id: bob.id })
    const bobRoom = await roomSocket(two, roomId, bob.token)
    const bobSignal = await signallingSocket(two, roomId, bob.token)

    const transfer = await initiate(one, roomId, { token: alice.token }, bob.id, 'cross.bin')
    expect((await bobRoom.next(ofType('transfer_request'))).transfer).toEqual(transfer)
    await respond(two, transfer.transfer_id, { token: bob.token }, true)
    expect(await aliceRoom.next(ofType('transfer_response'))).toMatchObject({ accepted: true })

    const channel = transfer.transfer_id
    aliceSignal.send({ type: 'ready', channel })
    bobSignal.send({ type: 'ready', channel })
    expect(await aliceSignal.next(ofType('role'))).toMatchObject({ role: 'offerer', peer: bob.id })
    expect(await bobSignal.next(ofType('role'))).toMatchObject({ role: 'answerer', peer: alice.id })
    const sdp = { type: 'offer', sdp: 'v=0 cross' }
    aliceSignal.send({ type: 'offer', channel, to: bob.id, sdp })
    expect(await bobSignal.next(ofType('offer'))).toEqual({ type: 'offer', channel, from: alice.id, sdp })
    const answer = { type: 'answer', sdp: 'v=0 back' }
    bobSignal.send({ type: 'answer', channel, to: alice.id, sdp: answer })
    expect(await aliceSignal.next(ofType('answer'))).toEqual({ type: 'answer', channel, from: bob.id, sdp: answer })

    // Bob leaves (both his sockets close on the other instance): Alice is told once the grace is over.
    bobRoom.close()
    bobSignal.close()
    expect((await aliceRoom.next(ofType('user_left'))).participant_id).toBe(bob.id)
    for (const socket of [aliceRoom, aliceSignal]) socket.close()
  })
})
