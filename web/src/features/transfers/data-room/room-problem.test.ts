import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-error.js'
import { fileProblem, roomProblem } from './room-problem.js'

const refused = (status: number, code: string) => new ApiError(status, 'refused', code)

describe('roomProblem', () => {
  it('names each refusal of the data room by its code', () => {
    expect(roomProblem(refused(409, 'data_room_not_ready'))).toBe('pending')
    expect(roomProblem(refused(415, 'data_room_unsupported'))).toBe('unsupported')
    expect(roomProblem(refused(403, 'viewer_revoked'))).toBe('revoked')
    expect(roomProblem(refused(401, 'verification_required'))).toBe('verification')
  })

  it('calls anything else a failure', () => {
    expect(roomProblem(refused(500, 'internal'))).toBe('failed')
    expect(roomProblem(new ApiError(0, 'offline', 'network_error'))).toBe('failed')
    expect(roomProblem(new Error('boom'))).toBe('failed')
  })
})

describe('fileProblem', () => {
  it('refuses only a file the room cannot show; pending files are tried (the view waits for them)', () => {
    expect(fileProblem('unsupported')).toBe('unsupported')
    expect(fileProblem('pending')).toBeNull()
    expect(fileProblem('ready')).toBeNull()
    expect(fileProblem(null)).toBeNull()
  })
})
