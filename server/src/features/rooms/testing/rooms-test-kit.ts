import type { RoomCreateRequest, RoomJoinResponse, RoomTransfer } from '@ferry/contracts/api/rooms'
import { eq } from 'drizzle-orm'
import { expect, vi } from 'vitest'
import WebSocket from 'ws'
import { rooms } from '../../../db/schema/index.js'
import type { TestApp } from '../../../testing/test-app.js'
import { bearer, postJson } from '../../auth/testing/auth-test-kit.js'

/** Who calls: a user's token, a visitor's guest token, or nobody. */
export type Caller = { token: string } | { guest: string } | null

export const headersOf = (caller: Caller): Record<string, string> =>
  caller === null ? {} : 'token' in caller ? bearer(caller.token) : { 'x-room-guest': caller.guest }

export async function call<T = Record<string, unknown>>(
  app: TestApp,
  method: 'GET' | 'POST',
  path: string,
  caller: Caller,
  body?: unknown,
) {
  const res =
    method === 'GET'
      ? await app.api(path, { headers: headersOf(caller) })
      : await postJson(app.api, path, body, headersOf(caller))
  return { status: res.status, body: (await res.json()) as T & { code?: string; detail?: string } }
}

export async function createRoom(app: TestApp, token: string, body: RoomCreateRequest = {}): Promise<string> {
  const res = await call<{ id: string }>(app, 'POST', '/api/rooms', { token }, body)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.id
}

export async function joinRoom(app: TestApp, roomId: string, caller: Caller, displayName?: string) {
  const res = await call<RoomJoinResponse>(
    app,
    'POST',
    `/api/rooms/${roomId}/join`,
    caller,
    displayName ? { display_name: displayName } : {},
  )
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body
}

export async function initiate(app: TestApp, roomId: string, caller: Caller, recipientId: string, fileName = 'a.bin') {
  const res = await call<RoomTransfer>(app, 'POST', `/api/rooms/${roomId}/initiate-transfer`, caller, {
    recipient_id: recipientId,
    file_name: fileName,
    file_size: 1234,
    mime_type: 'application/octet-stream',
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

export const respond = (app: TestApp, transferId: string, caller: Caller, accept: boolean) =>
  call<RoomTransfer>(app, 'POST', `/api/transfers/${transferId}/respond`, caller, { transfer_id: transferId, accept })

export const reportStatus = (app: TestApp, transferId: string, caller: Caller, body: Record<string, unknown>) =>
  call<RoomTransfer>(app, 'POST', `/api/transfers/${transferId}/status`, caller, body)

/** Moves a room's end (to test expiry without waiting). */
export async function setRoomExpiry(app: TestApp, roomId: string, expiresAt: Date) {
  await app.deps.database.db.update(rooms).set({ expiresAt }).where(eq(rooms.id, roomId))
}

/** A real WebSocket client that keeps every message, and how it was closed. */
export interface TestSocket {
  messages: Record<string, unknown>[]
  /** Waits for (and returns) the first message matching, searching what already arrived too. */
  next(match: (m: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>
  send(message: unknown): void
  closed: Promise<{ code: number; reason: string }>
  close(): void
}

export function openSocket(
  app: TestApp,
  path: string,
  token?: string,
  headers: Record<string, string> = {},
  /** false: the client does not answer the server's pings, like a peer that went away without closing. */
  autoPong = true,
): TestSocket {
  const url = new URL(path, app.url.replace(/^http/, 'ws'))
  if (token) url.searchParams.set('token', token)
  const ws = new WebSocket(url, { headers, autoPong })
  const messages: Record<string, unknown>[] = []
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>))
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) }))
    ws.on('error', () => {})
  })
  return {
    messages,
    closed,
    async next(match, timeoutMs = 5000) {
      let found: Record<string, unknown> | undefined
      await vi.waitFor(
        () => {
          found = messages.find(match)
          if (!found) throw new Error(`No matching message yet; got ${JSON.stringify(messages)}`)
        },
        { timeout: timeoutMs, interval: 10 },
      )
      return found!
    },
    send(message) {
      ws.send(typeof message === 'string' ? message : JSON.stringify(message))
    },
    close: () => ws.close(),
  }
}

export const ofType = (type: string) => (m: Record<string, unknown>) => m.type === type

/** Opens a room socket and waits until it is subscribed (its welcome arrived). */
export async function roomSocket(app: TestApp, roomId: string, token: string) {
  const socket = openSocket(app, `/api/rooms/${roomId}/ws`, token)
  await socket.next(ofType('welcome'))
  return socket
}

export async function signallingSocket(app: TestApp, roomId: string, token: string) {
  const socket = openSocket(app, `/ws/webrtc/${roomId}`, token)
  await socket.next(ofType('welcome'))
  return socket
}
