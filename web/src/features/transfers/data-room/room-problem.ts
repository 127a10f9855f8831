import type { DataRoomStatus } from '@ferry/contracts/api/data-room'
import { isApiError } from '../../../lib/api-error.js'

/**
 * Why a data-room file or page cannot be shown, each with its own message:
 * - `pending`: its pages are still being rendered (the viewer asks again until they are ready);
 * - `unsupported`: the room cannot show this type of file;
 * - `revoked`: the sender withdrew this viewer's access;
 * - `verification`: the recipient's confirmation ran out (the page asks for a code again);
 * - `failed`: anything else (the network, the server).
 */
export type RoomProblem = 'pending' | 'unsupported' | 'revoked' | 'verification' | 'failed'

/** The problem a refused data-room call stands for. */
export function roomProblem(error: unknown): RoomProblem {
  if (!isApiError(error)) return 'failed'
  switch (error.code) {
    case 'data_room_not_ready':
      return 'pending'
    case 'data_room_unsupported':
      return 'unsupported'
    case 'viewer_revoked':
      return 'revoked'
    case 'verification_required':
      return 'verification'
    default:
      return 'failed'
  }
}

/** What the share record already says about a file before a view is started (null: try it). */
export function fileProblem(status: DataRoomStatus | null): RoomProblem | null {
  if (status === 'unsupported') return 'unsupported'
  return null
}
