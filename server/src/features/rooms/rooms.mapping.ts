import type { DirectTransfer, RoomParticipant, RoomTransfer } from '@ferry/contracts/api/rooms'
import type { DirectTransferRow, ParticipantRow } from './rooms.repository.js'

export function toParticipant(row: ParticipantRow): RoomParticipant {
  return { user_id: row.participantId, user_name: row.displayName, is_host: row.isHost, is_guest: row.userId === null }
}

export function toRoomTransfer(row: DirectTransferRow): RoomTransfer {
  return {
    transfer_id: row.id,
    room_id: row.roomId,
    sender_id: row.senderId,
    recipient_id: row.recipientId,
    sender_name: row.senderName,
    recipient_name: row.recipientName,
    file_name: row.fileName,
    file_size: row.fileSize,
    mime_type: row.mimeType,
    accepted: row.status === 'accepted' || row.status === 'completed',
    status: row.status,
    created_at: row.createdAt.toISOString(),
  }
}

export function toDirectTransfer(row: DirectTransferRow): DirectTransfer {
  return {
    id: row.id,
    room_id: row.roomId,
    sender_id: row.senderId,
    recipient_id: row.recipientId,
    sender_name: row.senderName,
    recipient_name: row.recipientName,
    file_name: row.fileName,
    mime_type: row.mimeType,
    file_size: row.fileSize,
    status: row.status,
    transfer_speed: row.transferSpeed,
    sha256: row.sha256,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}
