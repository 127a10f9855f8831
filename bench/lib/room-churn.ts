import WebSocket from 'ws'

/**
 * Room sockets each participant keeps open: two tabs' room sockets. The server lets a participant
 * hold 4 room and signalling sockets at once (socketsPerParticipant, security review M-3) and
 * refuses more, so more than that would measure refusals, not a crowd of users.
 */
export const socketsPerSide = 2

/** A room of the load test: its owner (a user) and one visitor, each with several sockets. */
export interface LoadRoom {
  roomId: string
  ownerToken: string
  guestToken: string
  guestId: string
}

interface Json {
  [key: string]: unknown
}

async function post(origin: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Json> {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  const json = (await response.json()) as Json
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`)
  return json
}

/** `count` rooms, each made by a fresh account and joined by one visitor. */
export async function prepareRooms(origin: string, count: number): Promise<LoadRoom[]> {
  const rooms: LoadRoom[] = []
  let next = 0
  async function worker() {
    while (next < count) {
      const i = next++
      const account = await post(origin, '/auth/register', {
        email: `room-load-${Date.now()}-${i}@example.com`,
        password: 'room load password 1',
        name: `Owner ${i}`,
      })
      const ownerToken = account.access_token as string
      const room = await post(origin, '/api/rooms', {}, { authorization: `Bearer ${ownerToken}` })
      const joined = await post(origin, `/api/rooms/${room.id}/join`, { display_name: `Guest ${i}` })
      rooms.push({
        roomId: room.id as string,
        ownerToken,
        guestToken: joined.guest_token as string,
        guestId: joined.participant_id as string,
      })
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  return rooms
}

interface Socket {
  ws: WebSocket
  room: LoadRoom
  side: 'owner' | 'guest'
  ready: boolean
  /** Closed on purpose (churn or the end). */
  closing?: boolean
}

export interface ChurnResult {
  /**
   * ms from the event's creation on the server (the transfer's created_at, stamped before it is
   * written and published) to each socket's receipt: the fan-out.
   */
  fromCreation: number[]
  /** ms from the triggering request's start to each socket's receipt (includes that request's queueing). */
  latencies: number[]
  /** ms from an event's first receipt (on any of the visitor's sockets) to each later one: the spread across instances. */
  spreads: number[]
  events: number
  /** Deliveries expected (sockets open when the event was triggered) that never came within 5 s. */
  missed: number
  /** Sockets that failed to open or closed without being asked to, and event requests that failed. */
  errors: number
  opened: number
  peakOpen: number
}

/**
 * Keeps `perSide` sockets per side open in every room (so rooms × 2 × perSide in all), replaces
 * one socket every `churnMs`, and every `eventMs` has a room's owner offer its visitor a file:
 * the latency of the transfer_request reaching each of the visitor's sockets is the fan-out
 * figure (measured from the start of the HTTP request that causes it, so an upper bound).
 */
export async function startRoomChurn(
  origin: string,
  rooms: LoadRoom[],
  options: { perSide: number; churnMs: number; eventMs: number },
) {
  const wsOrigin = origin.replace(/^http/, 'ws')
  const sockets = new Set<Socket>()
  /** When each socket received each transfer_request (it may arrive before the HTTP answer). */
  const arrivals = new Map<string, Map<Socket, number>>()
  const result: ChurnResult = {
    fromCreation: [],
    latencies: [],
    spreads: [],
    events: 0,
    missed: 0,
    errors: 0,
    opened: 0,
    peakOpen: 0,
  }
  let stopping = false

  function open(room: LoadRoom, side: Socket['side']): Promise<void> {
    const token = side === 'owner' ? room.ownerToken : room.guestToken
    const ws = new WebSocket(`${wsOrigin}/api/rooms/${room.roomId}/ws?token=${encodeURIComponent(token)}`)
    const socket: Socket = { ws, room, side, ready: false }
    sockets.add(socket)
    return new Promise((resolve) => {
      ws.on('message', (data) => {
        const message = JSON.parse(String(data)) as Json
        if (message.type === 'welcome') {
          socket.ready = true
          result.opened++
          result.peakOpen = Math.max(result.peakOpen, [...sockets].filter((s) => s.ready).length)
          resolve()
        } else if (message.type === 'transfer_request') {
          const transfer = message.transfer as { transfer_id: string; created_at: string }
          // Same machine, same clock: wall-clock ms against the server's stamp.
          result.fromCreation.push(Date.now() - Date.parse(transfer.created_at))
          const at = arrivals.get(transfer.transfer_id) ?? new Map<Socket, number>()
          arrivals.set(transfer.transfer_id, at.set(socket, performance.now()))
        }
      })
      ws.on('error', () => {})
      ws.on('close', () => {
        sockets.delete(socket)
        if (!socket.closing && !stopping) result.errors++
        resolve()
      })
    })
  }

  const targets = rooms.flatMap((room) =>
    Array.from({ length: options.perSide * 2 }, (_, i) => ({ room, side: i % 2 === 0 ? 'owner' : 'guest' }) as const),
  )
  for (let i = 0; i < targets.length; i += 50) {
    await Promise.all(targets.slice(i, i + 50).map((t) => open(t.room, t.side)))
  }

  const churn = setInterval(() => {
    const list = [...sockets].filter((s) => s.ready)
    const victim = list[Math.floor(Math.random() * list.length)]
    if (!victim) return
    victim.closing = true
    victim.ws.close()
    void open(victim.room, victim.side)
  }, options.churnMs)

  const inFlight = new Set<Promise<void>>()
  const events = setInterval(() => {
    const room = rooms[Math.floor(Math.random() * rooms.length)]!
    const waiting = new Set([...sockets].filter((s) => s.ready && s.room === room && s.side === 'guest'))
    const started = performance.now()
    const sent = post(
      origin,
      `/api/rooms/${room.roomId}/initiate-transfer`,
      { recipient_id: room.guestId, file_name: 'load.bin', file_size: 1000, mime_type: 'application/octet-stream' },
      { authorization: `Bearer ${room.ownerToken}` },
    ).then(
      (transfer) => {
        result.events++
        const id = transfer.transfer_id as string
        setTimeout(() => {
          const at = arrivals.get(id)
          arrivals.delete(id)
          const first = Math.min(...(at?.values() ?? []))
          for (const socket of waiting) {
            const received = at?.get(socket)
            if (received !== undefined) result.spreads.push(received - first)
            // A socket churned away before the event cannot receive it; only open ones count as missed.
            if (received !== undefined) result.latencies.push(received - started)
            else if (!socket.closing) result.missed++
          }
        }, 5000).unref()
      },
      () => {
        result.errors++
      },
    )
    inFlight.add(sent)
    void sent.finally(() => inFlight.delete(sent))
  }, options.eventMs)

  return {
    openCount: () => [...sockets].filter((s) => s.ready).length,
    async stop(): Promise<ChurnResult> {
      clearInterval(churn)
      clearInterval(events)
      await Promise.all(inFlight)
      await new Promise((r) => setTimeout(r, 5100))
      stopping = true
      for (const socket of sockets) {
        socket.closing = true
        socket.ws.close()
      }
      return result
    },
  }
}
