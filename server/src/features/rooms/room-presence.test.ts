import { randomUUID } from 'node:crypto'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { createInMemoryPresence } from '../../adapters/presence/in-memory-presence.js'
import { loadConfig } from '../../config.js'
import { createRoomPresence, socketsPerParticipant } from './room-presence.js'

const presenceOf = (socketsPerIp: string) =>
  createRoomPresence(
    {
      presence: createInMemoryPresence(),
      config: loadConfig({ ROOM_SOCKETS_PER_IP: socketsPerIp }),
      logger: pino({ level: 'silent' }),
    },
    { releaseAbsent: async () => {} },
  )

/** Security review M-3: the caps hold when sockets open at the same moment, not only one after another. */
describe('room presence caps under concurrent opens', () => {
  it('seats no more sockets per participant than the cap, however many open at once', async () => {
    const rooms = presenceOf('100')
    const roomId = randomUUID()
    const taken = await Promise.all(Array.from({ length: 10 }, () => rooms.take(roomId, 'alice', '10.0.0.1')))
    expect(taken.filter((t) => t.ok)).toHaveLength(socketsPerParticipant)
    expect(taken.find((t) => !t.ok)).toEqual({ ok: false, reason: 'Too many connections for this participant' })
    // Another participant of the room is not held to Alice's count.
    expect((await rooms.take(roomId, 'bob', '10.0.0.1')).ok).toBe(true)
  })

  it('seats no more sockets per address than ROOM_SOCKETS_PER_IP, however many open at once', async () => {
    const rooms = presenceOf('6')
    const taken = await Promise.all(
      Array.from({ length: 12 }, (_, i) => rooms.take(randomUUID(), `guest-${i}`, '10.0.0.2')),
    )
    expect(taken.filter((t) => t.ok)).toHaveLength(6)
    expect(taken.find((t) => !t.ok)).toEqual({ ok: false, reason: 'Too many connections from here' })
  })

  it('gives a closed socket’s place to the next one', async () => {
    const rooms = presenceOf('100')
    const roomId = randomUUID()
    const seats = []
    for (let i = 0; i < socketsPerParticipant; i++) {
      const taken = await rooms.take(roomId, 'alice', '10.0.0.3')
      if (!taken.ok) throw new Error(taken.reason)
      taken.seat.open()
      seats.push(taken.seat)
    }
    expect((await rooms.take(roomId, 'alice', '10.0.0.3')).ok).toBe(false)
    seats[0]!.close()
    await new Promise((resolve) => setImmediate(resolve))
    expect((await rooms.take(roomId, 'alice', '10.0.0.3')).ok).toBe(true)
    for (const seat of seats.slice(1)) seat.close()
  })
})
