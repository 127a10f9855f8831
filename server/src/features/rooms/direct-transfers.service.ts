import type { Page, PageRequest } from '@ferry/contracts/api/pagination'
import {
  type DirectTransferStatus,
  directTransferTransition,
  type HistoryItem,
  type InitiateTransferInput,
  type RespondRequest,
  type RoomTransfer,
  type SendAsLinkInput,
  type SendAsLinkResponse,
  type TransferParty,
  type TransferStatusInput,
} from '@ferry/contracts/api/rooms'
import { errorMessages } from '@ferry/contracts/errors'
import { publishTo } from '../../adapters/event-bus/topic.js'
import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import type { SenderProof } from '../sender-confirmation/sender-confirmation.service.js'
import type { UserRecord } from '../users/users.service.js'
import { participantIdIn, type RoomActor } from './room-actor.js'
import { roomTopic } from './room-topics.js'
import { toDirectTransfer, toRoomTransfer } from './rooms.mapping.js'
import { createRoomsRepository, type DirectTransferRow } from './rooms.repository.js'
import type { RoomsService } from './rooms.service.js'

type TransfersDeps = Pick<Deps, 'clock' | 'database' | 'events'>

/** The 409 of a status change that the rules refuse. */
function refused(row: DirectTransferRow, to: DirectTransferStatus, verdict: 'illegal' | 'not_allowed'): AppError {
  if (verdict === 'not_allowed') {
    return new AppError(
      'transfer_status_not_allowed',
      403,
      errorMessages.transfer_status_not_allowed.replace('{to}', to),
    )
  }
  const detail = errorMessages.transfer_status_illegal.replace('{from}', row.status).replace('{to}', to)
  return new AppError('transfer_status_illegal', 409, detail)
}

/** Direct (peer-to-peer) transfers between participants of a room: records, statuses, history. */
/** Stored transfers, for "send as a link instead" (composition.ts passes the transfers service). */
export interface LinkTransfers {
  createLinkOnly(
    sender: UserRecord,
    files: SendAsLinkInput['files'],
    clientIp: string,
    proof: SenderProof,
  ): Promise<{ sharing_url: string }>
}

export function createDirectTransfersService(deps: TransfersDeps, rooms: RoomsService, stored: LinkTransfers) {
  const repo = createRoomsRepository(deps.database.db)

  /** The transfer and which party the actor is; 404 unknown, 403 for anyone else. */
  async function asParty(transferId: string, actor: RoomActor) {
    const row = await repo.findTransfer(transferId)
    if (!row) throw new AppError('direct_transfer_not_found', 404)
    const me = participantIdIn(actor, row.roomId)
    const party: TransferParty | undefined =
      me === row.senderId ? 'sender' : me === row.recipientId ? 'recipient' : undefined
    return { row, me, party }
  }

  /** Moves the transfer to `to` if the rules allow it for this party and nobody changed it meanwhile. */
  async function change(
    row: DirectTransferRow,
    party: TransferParty,
    to: DirectTransferStatus,
    extra: Partial<Pick<DirectTransferRow, 'transferSpeed' | 'sha256' | 'reason'>> = {},
  ): Promise<DirectTransferRow> {
    const verdict = directTransferTransition(row.status, to, party)
    if (verdict !== 'ok') throw refused(row, to, verdict)
    const updated = await repo.changeStatus(row.id, row.status, { status: to, updatedAt: deps.clock.now(), ...extra })
    if (updated) return updated
    const current = await repo.findTransfer(row.id)
    if (!current) throw new AppError('direct_transfer_not_found', 404)
    return change(current, party, to, extra)
  }

  return {
    /** Records a transfer from the actor to another participant and asks the recipient. */
    async initiate(roomId: string, actor: RoomActor, input: InitiateTransferInput): Promise<RoomTransfer> {
      const { room, me } = await rooms.requireMember(roomId, actor)
      if (rooms.isExpired(room)) throw new AppError('room_expired', 410)
      if (input.recipient_id === me.participantId) throw new AppError('room_recipient_self', 400)
      const recipient = await rooms.participant(roomId, input.recipient_id)
      if (!recipient) throw new AppError('room_recipient_not_member', 400)
      const row = await repo.insertTransfer({
        roomId,
        senderId: me.participantId,
        recipientId: recipient.participantId,
        senderUserId: me.userId,
        recipientUserId: recipient.userId,
        senderName: me.displayName,
        recipientName: recipient.displayName,
        fileName: input.file_name,
        fileSize: input.file_size,
        mimeType: input.mime_type,
        status: 'initiated',
        createdAt: deps.clock.now(),
        updatedAt: deps.clock.now(),
      })
      const transfer = toRoomTransfer(row)
      await publishTo(deps.events, roomTopic(roomId), {
        to: [row.recipientId],
        event: { type: 'transfer_request', transfer },
      })
      return transfer
    },

    /** The recipient accepts or declines; the sender is told. */
    async respond(transferId: string, actor: RoomActor, body: RespondRequest): Promise<RoomTransfer> {
      if (body.transfer_id !== undefined && body.transfer_id !== transferId) {
        throw new AppError('transfer_id_mismatch', 400)
      }
      const { row, party } = await asParty(transferId, actor)
      if (party !== 'recipient') throw new AppError('transfer_not_recipient', 403)
      const { room } = await rooms.requireMember(row.roomId, actor)
      if (rooms.isExpired(room)) throw new AppError('room_expired', 410)
      const updated = await change(row, party, body.accept ? 'accepted' : 'rejected')
      const transfer = toRoomTransfer(updated)
      await publishTo(deps.events, roomTopic(row.roomId), {
        to: [row.senderId],
        event: { type: 'transfer_response', transfer, accepted: body.accept },
      })
      return transfer
    },

    /** A party reports how the transfer ended; both parties are told. */
    async reportStatus(transferId: string, actor: RoomActor, input: TransferStatusInput): Promise<RoomTransfer> {
      const { row, me, party } = await asParty(transferId, actor)
      if (!party || !me) throw new AppError('transfer_not_party', 403)
      const extra =
        input.status === 'completed'
          ? { transferSpeed: input.transfer_speed, sha256: input.sha256 ?? null }
          : { reason: input.reason ?? null }
      const updated = await change(row, party, input.status, extra)
      await publishTo(deps.events, roomTopic(row.roomId), {
        to: [row.senderId, row.recipientId],
        event: {
          type: 'transfer_status',
          transfer_id: row.id,
          status: updated.status,
          by: me,
          reason: updated.reason,
          transfer_speed: updated.transferSpeed,
        },
      })
      return toRoomTransfer(updated)
    },

    /**
     * No direct connection could be made, so the sender sends the same (uploaded) files as a link
     * transfer, created as any transfer is; its share link, from that create and never from the
     * request, goes to the direct transfer's recipient only, on the room socket.
     */
    async sendAsLink(
      transferId: string,
      user: UserRecord,
      input: SendAsLinkInput,
      clientIp: string,
      proof: SenderProof,
    ): Promise<SendAsLinkResponse> {
      const actor: RoomActor = { kind: 'user', user }
      const { row, party } = await asParty(transferId, actor)
      if (!party) throw new AppError('transfer_not_party', 403)
      if (party !== 'sender') throw new AppError('transfer_not_sender', 403)
      const { room } = await rooms.requireMember(row.roomId, actor)
      if (rooms.isExpired(room)) throw new AppError('room_expired', 410)
      const created = await stored.createLinkOnly(user, input.files, clientIp, proof)
      await publishTo(deps.events, roomTopic(row.roomId), {
        to: [row.recipientId],
        event: {
          type: 'transfer_link',
          transfer_id: row.id,
          sender_name: row.senderName,
          share_url: created.sharing_url,
        },
      })
      return { share_url: created.sharing_url }
    },

    /** The user's sent and received direct transfers, newest first. */
    async history(user: UserRecord, request: PageRequest): Promise<Page<HistoryItem>> {
      const page = await repo.listForUser(user.id, request)
      return {
        ...page,
        items: page.items.map((row) => ({
          ...toDirectTransfer(row),
          direction: row.senderUserId === user.id ? 'sent' : 'received',
        })),
      }
    },

    /** The parties of a transfer, for the signalling socket. */
    find: (transferId: string) => repo.findTransfer(transferId),
  }
}

export type DirectTransfersService = ReturnType<typeof createDirectTransfersService>
