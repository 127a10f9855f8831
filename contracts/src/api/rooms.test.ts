import { describe, expect, it } from 'vitest'
import { signalClientMessageSchema } from '../realtime/signalling.js'
import {
  type DirectTransferStatus,
  directTransferStatuses,
  directTransferTransition,
  initiateTransferRequest,
  normalizeMaxParticipants,
  normalizeRoomDuration,
  roomCreateRequest,
  transferStatusRequest,
} from './rooms.js'

describe('directTransferTransition', () => {
  const legal: Array<[DirectTransferStatus, DirectTransferStatus]> = [
    ['initiated', 'accepted'],
    ['initiated', 'rejected'],
    ['initiated', 'canceled'],
    ['initiated', 'error'],
    ['accepted', 'completed'],
    ['accepted', 'canceled'],
    ['accepted', 'error'],
  ]

  it('allows exactly the legal changes, terminal statuses being final', () => {
    for (const from of directTransferStatuses) {
      for (const to of directTransferStatuses) {
        const isLegal = legal.some(([f, t]) => f === from && t === to)
        expect(directTransferTransition(from, to, 'recipient'), `${from} → ${to}`).toBe(isLegal ? 'ok' : 'illegal')
      }
    }
  })

  it('lets only the recipient accept, reject or complete; either party cancel or fail', () => {
    expect(directTransferTransition('initiated', 'accepted', 'sender')).toBe('not_allowed')
    expect(directTransferTransition('initiated', 'rejected', 'sender')).toBe('not_allowed')
    expect(directTransferTransition('accepted', 'completed', 'sender')).toBe('not_allowed')
    expect(directTransferTransition('initiated', 'canceled', 'sender')).toBe('ok')
    expect(directTransferTransition('accepted', 'error', 'sender')).toBe('ok')
    expect(directTransferTransition('accepted', 'canceled', 'recipient')).toBe('ok')
  })
})

describe('room requests', () => {
  it('applies the defaults and refuses what the spec does not allow', () => {
    expect(roomCreateRequest.parse({})).toEqual({
      max_participants: 5,
      expires_in_hours: 2,
    })
    expect(roomCreateRequest.safeParse({ max_participants: 6 }).success).toBe(false)
    expect(roomCreateRequest.safeParse({ max_participants: 1 }).success).toBe(false)
    expect(roomCreateRequest.safeParse({ expires_in_hours: 3 }).success).toBe(false)
    expect(roomCreateRequest.parse({ title: '  Team  ', expires_in_hours: 24 }).title).toBe('Team')
    // No title: the server names the room in its creator's language.
    expect(roomCreateRequest.parse({ title: '   ' }).title).toBeUndefined()
  })

  it('falls back like the browser form does (spec/transfers.md §5)', () => {
    expect(normalizeMaxParticipants('abc')).toBe(5)
    expect(normalizeMaxParticipants(9)).toBe(5)
    expect(normalizeMaxParticipants('3')).toBe(3)
    expect(normalizeRoomDuration('x')).toBe(2)
    expect(normalizeRoomDuration(3)).toBe(2)
    expect(normalizeRoomDuration('8')).toBe(8)
  })

  it('defaults an empty mime type and refuses control characters in names', () => {
    const recipient_id = crypto.randomUUID()
    expect(initiateTransferRequest.parse({ recipient_id, file_name: 'a.bin', file_size: 3 }).mime_type).toBe(
      'application/octet-stream',
    )
    expect(initiateTransferRequest.safeParse({ recipient_id, file_name: 'a\nb', file_size: 3 }).success).toBe(false)
  })

  it('needs a speed to complete and a reason to report an error', () => {
    expect(transferStatusRequest.safeParse({ status: 'completed' }).success).toBe(false)
    expect(transferStatusRequest.safeParse({ status: 'error' }).success).toBe(false)
    expect(transferStatusRequest.parse({ status: 'completed', transfer_speed: 12.5, sha256: 'A'.repeat(64) })).toEqual({
      status: 'completed',
      transfer_speed: 12.5,
      sha256: 'a'.repeat(64),
    })
  })
})

describe('signalling messages', () => {
  it('accepts a transfer id or the call channel, nothing else', () => {
    const to = crypto.randomUUID()
    const sdp = { type: 'offer', sdp: 'v=0' }
    expect(signalClientMessageSchema.safeParse({ type: 'offer', channel: 'call', to, sdp }).success).toBe(true)
    expect(signalClientMessageSchema.safeParse({ type: 'offer', channel: to, to, sdp }).success).toBe(true)
    expect(signalClientMessageSchema.safeParse({ type: 'offer', channel: 'room', to, sdp }).success).toBe(false)
    expect(
      signalClientMessageSchema.safeParse({ type: 'ice-candidate', channel: 'call', to, candidate: null }).success,
    ).toBe(true)
  })
})
