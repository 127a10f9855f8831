import { socketCloseCodes } from '@ferry/contracts/realtime/socket-close'
import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { EventBus } from '../adapters/event-bus/event-bus.js'
import { createInProcessEventBus } from '../adapters/event-bus/in-process-event-bus.js'
import { registerWebSockets } from './websockets.js'

/** An in-process bus whose "reconnection" the test triggers. */
function resyncableBus(): EventBus & { resync(): void } {
  const listeners = new Set<() => void>()
  return {
    ...createInProcessEventBus(),
    onResync(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    resync: () => {
      for (const listener of listeners) listener()
    },
  }
}

const closes: Array<() => Promise<unknown>> = []
afterEach(async () => {
  await Promise.all(closes.splice(0).map((close) => close()))
})

async function serve(events: EventBus) {
  const app = Fastify()
  await registerWebSockets(app, events)
  app.get('/api/rooms/:roomId/ws', { websocket: true }, () => {})
  app.get('/ws/webrtc/:roomId', { websocket: true }, () => {})
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  closes.push(() => app.close())
  return address.replace('http', 'ws')
}

const open = (url: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(url)
    socket.once('open', () => resolve(socket))
    socket.once('error', reject)
  })

describe('WebSockets after an event-bus outage', () => {
  it('closes room event sockets with 1012 so pages reload their room, and keeps signalling sockets', async () => {
    const events = resyncableBus()
    const base = await serve(events)
    const room = await open(`${base}/api/rooms/r1/ws?token=x`)
    const signalling = await open(`${base}/ws/webrtc/r1`)
    const closed = new Promise<number>((resolve) => room.once('close', (code) => resolve(code)))

    events.resync()

    expect(await closed).toBe(socketCloseCodes.eventsInterrupted)
    expect(signalling.readyState).toBe(WebSocket.OPEN)
    signalling.close()
  })
})
