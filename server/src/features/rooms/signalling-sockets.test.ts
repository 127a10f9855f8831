import { randomUUID } from 'node:crypto'
import { socketCloseCodes } from '@ferry/contracts/realtime/socket-close'
import { describe, expect, it } from 'vitest'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { authStacks } from '../auth/testing/auth-test-kit.js'
import { signUp } from '../transfers/testing/transfers-test-kit.js'
import {
  createRoom,
  initiate,
  joinRoom,
  ofType,
  respond,
  signallingSocket,
  type TestSocket,
} from './testing/rooms-test-kit.js'

const offer = { type: 'offer', sdp: 'v=0 offer' }
const answer = { type: 'answer', sdp: 'v=0 answer' }
const candidate = { candidate: 'candidate:1 1 udp 2122260223 10.0.0.1 40000 typ host', sdpMid: '0', sdpMLineIndex: 0 }

/**
 * Resolves once the server has handled every message `socket` sent before, and has written to it
 * whatever those, and the bus messages delivered so far, made it send: a socket's messages are
 * handled in order, and this one is answered with an error on a channel of its own.
 */
async function settled(socket: TestSocket) {
  const channel = randomUUID()
  socket.send({ type: 'ice-candidate', channel, to: randomUUID(), candidate: null })
  await socket.next((m) => m.type === 'error' && m.channel === channel)
}

async function roomWithAcceptedTransfer(app: TestApp) {
  const host = await signUp(app, 'FREE', 'Hana Host')
  const bob = await signUp(app, 'FREE', 'Bob')
  const roomId = await createRoom(app, host.token)
  await joinRoom(app, roomId, { token: bob.token })
  const visitor = await joinRoom(app, roomId, null, 'Vera')
  const transfer = await initiate(app, roomId, { token: host.token }, bob.id)
  return { roomId, host, bob, visitor, transfer }
}

await forEachStack((getApp) => {
  describe('signalling socket', () => {
    it('gives both parties their roles once both are ready, then relays offer, answer, candidates', async () => {
      const app = getApp()
      const { roomId, host, bob, transfer } = await roomWithAcceptedTransfer(app)
      const channel = transfer.transfer_id
      const sender = await signallingSocket(app, roomId, host.token)
      const recipient = await signallingSocket(app, roomId, bob.token)

      sender.send({ type: 'ready', channel })
      expect(await sender.next(ofType('error'))).toMatchObject({ code: 'transfer_not_accepted', channel })
      await respond(app, channel, { token: bob.token }, true)

      sender.send({ type: 'ready', channel })
      await settled(sender)
      expect(sender.messages.filter(ofType('role'))).toEqual([])
      recipient.send({ type: 'ready', channel })
      expect(await recipient.next(ofType('role'))).toEqual({ type: 'role', channel, role: 'answerer', peer: host.id })
      expect(await sender.next(ofType('role'))).toEqual({ type: 'role', channel, role: 'offerer', peer: bob.id })
      await settled(sender)
      // One role each: none came of the sender's first, unanswered ready.
      expect(sender.messages.filter(ofType('role'))).toHaveLength(1)

      sender.send({ type: 'offer', channel, to: bob.id, sdp: offer })
      expect(await recipient.next(ofType('offer'))).toEqual({ type: 'offer', channel, from: host.id, sdp: offer })
      recipient.send({ type: 'answer', channel, to: host.id, sdp: answer })
      expect(await sender.next(ofType('answer'))).toEqual({ type: 'answer', channel, from: bob.id, sdp: answer })
      sender.send({ type: 'ice-candidate', channel, to: bob.id, candidate })
      recipient.send({ type: 'ice-candidate', channel, to: host.id, candidate: null })
      expect((await recipient.next(ofType('ice-candidate'))).candidate).toEqual(candidate)
      expect((await sender.next(ofType('ice-candidate'))).candidate).toBeNull()
      recipient.send({ type: 'connected', channel, to: host.id })
      expect(await sender.next(ofType('connected'))).toEqual({ type: 'connected', channel, from: bob.id })

      // A restart (ready again) gives both sides their role again; a leave is relayed.
      recipient.send({ type: 'ready', channel })
      await expect.poll(() => sender.messages.filter(ofType('role')).length).toBe(2)
      await expect.poll(() => recipient.messages.filter(ofType('role')).length).toBe(2)
      recipient.close()
      expect(await sender.next(ofType('peer-left'))).toEqual({ type: 'peer-left', channel, from: bob.id })
      sender.close()
    })

    it('relays nothing to or from anyone outside the transfer', async () => {
      const app = getApp()
      const { roomId, host, bob, visitor, transfer } = await roomWithAcceptedTransfer(app)
      const channel = transfer.transfer_id
      await respond(app, channel, { token: bob.token }, true)
      const sender = await signallingSocket(app, roomId, host.token)
      const recipient = await signallingSocket(app, roomId, bob.token)
      const intruder = await signallingSocket(app, roomId, visitor.guest_token!)

      intruder.send({ type: 'offer', channel, to: host.id, sdp: offer })
      expect(await intruder.next(ofType('error'))).toMatchObject({ code: 'signal_channel_not_ready', channel })
      intruder.send({ type: 'ready', channel })
      expect(await intruder.next((m) => m.type === 'error' && m.code === 'transfer_not_party')).toMatchObject({
        detail: 'Only the sender and the recipient of this transfer can do this.',
      })
      sender.send({ type: 'ready', channel })
      sender.send({ type: 'offer', channel, to: visitor.participant_id, sdp: offer })
      expect(await sender.next(ofType('error'))).toMatchObject({ code: 'transfer_not_party' })
      // The parties' own signalling, all of it on the bus the intruder's socket listens to too.
      recipient.send({ type: 'ready', channel })
      await recipient.next(ofType('role'))
      sender.send({ type: 'offer', channel, to: bob.id, sdp: offer })
      await recipient.next(ofType('offer'))
      await settled(intruder)
      expect(intruder.messages.filter((m) => m.type !== 'welcome' && m.type !== 'error')).toEqual([])

      sender.send({ type: 'offer', channel: 'lobby', to: bob.id, sdp: offer })
      expect(await sender.closed).toEqual({ code: socketCloseCodes.badMessage, reason: 'This message is not valid.' })
      intruder.close()
      recipient.close()
    })

    it('joins a call only on plans with video and audio, pairing every ready participant', async () => {
      const app = getApp()
      const host = await signUp(app, 'FREE', 'Hana Host')
      const bob = await signUp(app, 'FREE', 'Bob')
      const roomId = await createRoom(app, host.token)
      await joinRoom(app, roomId, { token: bob.token })
      const plans = app.services.plans

      const noVideo = await signallingSocket(app, roomId, host.token)
      expect(noVideo.messages[0]).toMatchObject({ supports_video_audio: false })
      noVideo.send({ type: 'ready', channel: 'call' })
      expect(await noVideo.next(ofType('error'))).toMatchObject({ code: 'video_not_in_plan', channel: 'call' })
      noVideo.close()

      await plans.update('guest', { supportsVideoAudio: true })
      try {
        const a = await signallingSocket(app, roomId, host.token)
        const b = await signallingSocket(app, roomId, bob.token)
        a.send({ type: 'ready', channel: 'call' })
        b.send({ type: 'ready', channel: 'call' })
        const roleA = await a.next(ofType('role'))
        const roleB = await b.next(ofType('role'))
        expect(roleA).toMatchObject({ channel: 'call', peer: bob.id })
        expect(roleB).toMatchObject({ channel: 'call', peer: host.id })
        expect(new Set([roleA.role, roleB.role])).toEqual(new Set(['offerer', 'answerer']))
        const [offerer, answerer, answererId] = roleA.role === 'offerer' ? [a, b, bob.id] : [b, a, host.id]
        offerer.send({ type: 'offer', channel: 'call', to: answererId, sdp: offer })
        expect((await answerer.next(ofType('offer'))).sdp).toEqual(offer)
        a.send({ type: 'leave', channel: 'call' })
        expect(await b.next(ofType('peer-left'))).toEqual({ type: 'peer-left', channel: 'call', from: host.id })
        a.close()
        b.close()
      } finally {
        await plans.update('guest', { supportsVideoAudio: false })
      }
    })
  })
}, authStacks())
