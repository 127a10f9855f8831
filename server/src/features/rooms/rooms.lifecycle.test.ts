import { socketCloseCodes } from '@ferry/contracts/realtime/socket-close'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../config.js'
import { buildTestApp } from '../../testing/test-app.js'
import { signUp } from '../transfers/testing/transfers-test-kit.js'
import { socketLogSerializers } from './room-socket-admission.js'
import { call, createRoom, roomSocket } from './testing/rooms-test-kit.js'

describe('ICE servers from configuration', () => {
  it('defaults to the public STUN server and accepts STUN/TURN lists or none', () => {
    expect(loadConfig({}).iceServers).toEqual([{ urls: 'stun:stun.l.google.com:19302' }])
    expect(loadConfig({ ICE_SERVERS: '[]' }).iceServers).toEqual([])
    const turn = [{ urls: ['turn:turn.example.com:3478'], username: 'u', credential: 'p' }]
    expect(loadConfig({ ICE_SERVERS: JSON.stringify(turn) }).iceServers).toEqual(turn)
  })

  it('refuses a value that is not a JSON list of ICE servers', () => {
    expect(() => loadConfig({ ICE_SERVERS: 'stun:x' })).toThrow(ConfigError)
    expect(() => loadConfig({ ICE_SERVERS: '[{"url":"stun:x"}]' })).toThrow(/ICE_SERVERS/)
  })
})

describe('room sockets on shutdown', () => {
  it('are closed with 1001 so browsers reconnect elsewhere; rooms show the configured ICE servers', async () => {
    const app = await buildTestApp({ env: { ICE_SERVERS: '[]' } })
    try {
      const host = await signUp(app)
      const roomId = await createRoom(app, host.token)
      const room = await call(app, 'GET', `/api/rooms/${roomId}`, { token: host.token })
      expect(room.body.ice_servers).toEqual([])
      const socket = await roomSocket(app, roomId, host.token)
      await app.app.close()
      expect((await socket.closed).code).toBe(socketCloseCodes.goingAway)
    } finally {
      await app.close()
    }
  })
})

describe('socket request logs', () => {
  it('leave out the token of the URL', () => {
    const request = { method: 'GET', url: '/ws/webrtc/r?x=1&token=secret.jwt&y=2', host: 'h', ip: '1.2.3.4' }
    expect(socketLogSerializers.req(request as never).url).toBe('/ws/webrtc/r?x=1&token=[redacted]&y=2')
  })
})
