import { randomUUID } from 'node:crypto'
import { roomSocketPaths } from '@ferry/contracts/api/rooms'
import { type ErrorCode, errorMessages } from '@ferry/contracts/errors'
import type { RoomServerEvent } from '@ferry/contracts/realtime/room-events'
import {
  callChannel,
  type SignalChannel,
  type SignalClientMessage,
  type SignalServerMessage,
  signalClientMessageSchema,
} from '@ferry/contracts/realtime/signalling'
import { socketCloseCodes } from '@ferry/contracts/realtime/socket-close'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { WebSocket } from 'ws'
import type { EventBus } from '../../adapters/event-bus/event-bus.js'
import { publishTo, subscribeTo } from '../../adapters/event-bus/topic.js'
import type { DirectTransfersService } from './direct-transfers.service.js'
import { parseFrame, type SocketAdmission, type SocketMember, socketLogSerializers } from './room-socket-admission.js'
import { send } from './room-sockets.js'
import { roomTopic, type SignalEnvelope, signalTopic } from './room-topics.js'

/** A channel this socket said `ready` on. */
interface ChannelState {
  /** A transfer's other party; null for the call (any ready participant). */
  peer: string | null
  /** A transfer's sender offers; in a call the lower participant id does. */
  role: 'offerer' | 'answerer' | null
  /** This readiness. */
  session: string
  /** Per peer, the peer's readiness a role was already sent for. */
  rolesSent: Map<string, string>
}

/**
 * WebSocket /ws/webrtc/{roomId}: relays WebRTC signalling (signalling.ts) between the two parties
 * of an accepted transfer, or between call participants whose plan has video/audio. Everything
 * travels on the bus, so the parties may sit on different instances; what a socket is ready for
 * lives with that socket only.
 */
export function registerSignallingSocket(
  app: FastifyInstance,
  deps: { events: EventBus; logger: FastifyBaseLogger },
  admission: SocketAdmission,
  transfers: DirectTransfersService,
) {
  app.get(
    roomSocketPaths.signallingSocket,
    {
      websocket: true,
      config: { access: 'public' },
      preValidation: admission.preValidation,
      logSerializers: socketLogSerializers,
    },
    async (socket, request) => {
      const member = admission.take(socket, request)
      if (!member) return
      const session = createSignallingSession(socket, member, deps, transfers)
      const cancelExpiry = admission.closeAtExpiry(socket, member.room)
      // Messages wait for the subscription, so no answer to them is missed.
      let queue = session.started.catch(() => {})
      const withinBudget = admission.messageBudget(socket)
      socket.on('message', (data, isBinary) => {
        if (!withinBudget()) return
        const message = parseFrame(data, isBinary, signalClientMessageSchema)
        if (!message) return socket.close(socketCloseCodes.badMessage, errorMessages.socket_message_invalid)
        // One at a time, so an offer sent right after `ready` finds its channel ready.
        queue = queue
          .then(() => session.handle(message))
          .catch((error) => deps.logger.warn({ err: error }, 'A signalling message failed'))
      })
      socket.on('close', () => {
        cancelExpiry()
        void session.close()
      })
      await session.started
    },
  )
}

function createSignallingSession(
  socket: WebSocket,
  member: SocketMember,
  deps: { events: EventBus },
  transfers: DirectTransfersService,
) {
  const me = member.participant.participantId
  const roomId = member.room.id
  const bus = signalTopic(roomId)
  const channels = new Map<SignalChannel, ChannelState>()
  const publish = (envelope: SignalEnvelope) => publishTo(deps.events, bus, envelope)
  const reply = (message: SignalServerMessage) => send(socket, message)
  const refuse = (code: ErrorCode, channel?: SignalChannel) =>
    reply({ type: 'error', code, detail: errorMessages[code], ...(channel ? { channel } : {}) })
  // A transfer's state accepts only its peer; the call any other ready participant.
  const accepts = (state: ChannelState | undefined, from: string): state is ChannelState =>
    state !== undefined && from !== me && (state.peer === null || state.peer === from)
  const lookups = createTransferLookups(transfers)

  function sendRole(channel: SignalChannel, state: ChannelState, peer: string, peerSession: string) {
    if (state.rolesSent.get(peer) === peerSession) return
    state.rolesSent.set(peer, peerSession)
    const role = state.role ?? (me < peer ? 'offerer' : 'answerer')
    reply({ type: 'role', channel, role, peer })
  }

  async function ready(channel: SignalChannel) {
    const session = randomUUID()
    if (channel === callChannel) {
      if (!member.video) return refuse('video_not_in_plan', channel)
      channels.set(channel, { peer: null, role: null, session, rolesSent: new Map() })
      return publish({ kind: 'probe', channel, from: me, to: null, session })
    }
    const transfer = await lookups.find(channel, me, roomId)
    const isSender = transfer?.senderId === me
    if (!transfer || transfer.roomId !== roomId || (!isSender && transfer.recipientId !== me)) {
      return refuse('transfer_not_party', channel)
    }
    if (transfer.status !== 'accepted') return refuse('transfer_not_accepted', channel)
    const peer = isSender ? transfer.recipientId : transfer.senderId
    channels.set(channel, { peer, role: isSender ? 'offerer' : 'answerer', session, rolesSent: new Map() })
    return publish({ kind: 'probe', channel, from: me, to: peer, session })
  }

  async function handle(message: SignalClientMessage) {
    if (message.type === 'ready') return ready(message.channel)
    const state = channels.get(message.channel)
    if (message.type === 'leave') {
      if (!state) return
      channels.delete(message.channel)
      return publish({ kind: 'left', channel: message.channel, from: me, to: state.peer })
    }
    if (!state) return refuse('signal_channel_not_ready', message.channel)
    if (!accepts(state, message.to)) return refuse('transfer_not_party', message.channel)
    const { to, ...rest } = message
    return publish({ kind: 'relay', to, message: { ...rest, from: me } as SignalServerMessage })
  }

  function receive(envelope: SignalEnvelope) {
    if (envelope.kind === 'relay') {
      const { message } = envelope
      if (envelope.to === me && 'from' in message && accepts(channels.get(message.channel), message.from)) {
        reply(message)
      }
      return
    }
    if (envelope.to !== null && envelope.to !== me) return
    const state = channels.get(envelope.channel)
    if (!accepts(state, envelope.from)) return
    if (envelope.kind === 'probe') {
      sendRole(envelope.channel, state, envelope.from, envelope.session)
      void publish({ kind: 'ack', channel: envelope.channel, from: me, to: envelope.from, session: state.session })
    } else if (envelope.kind === 'ack') {
      sendRole(envelope.channel, state, envelope.from, envelope.session)
    } else {
      state.rolesSent.delete(envelope.from)
      reply({ type: 'peer-left', channel: envelope.channel, from: envelope.from })
    }
  }

  const subscription = subscribeTo(deps.events, bus, receive)
  const changes = subscribeTo(deps.events, roomTopic(roomId), ({ event }) => {
    const id = transferOf(event)
    if (id) lookups.forget(id)
  })
  let closed = false
  return {
    handle,
    started: Promise.all([subscription, changes]).then(() => {
      if (!closed) reply({ type: 'welcome', participant_id: me, supports_video_audio: member.video })
    }),
    async close() {
      closed = true
      await Promise.all([subscription, changes].map((s) => s.then((stop) => stop()).catch(() => {})))
      await Promise.all(
        [...channels].map(([channel, state]) => publish({ kind: 'left', channel, from: me, to: state.peer })),
      ).catch(() => {})
    },
  }
}

/** Transfers kept per socket, so a repeated `ready` costs no query. */
const lookupsKept = 500
/** A kept transfer of this socket's parties is looked up again after this long, in case an event was missed. */
const staleAfterMs = 2000

/**
 * The transfer behind a `ready` channel, remembered per socket (security review M-3: no database
 * query per repeated signalling frame). Parties never change, so a transfer of others (or none)
 * is kept for good; a party's transfer until the room announces a change of it (`forget`).
 */
function createTransferLookups(transfers: Pick<DirectTransfersService, 'find'>) {
  type Row = Awaited<ReturnType<DirectTransfersService['find']>>
  const known = new Map<string, { row: Row; final: boolean; at: number }>()
  return {
    async find(channel: string, me: string, roomId: string): Promise<Row> {
      const kept = known.get(channel)
      if (kept && (kept.final || performance.now() - kept.at < staleAfterMs)) return kept.row
      const row = await transfers.find(channel)
      const party = row !== undefined && row.roomId === roomId && (row.senderId === me || row.recipientId === me)
      if (known.size >= lookupsKept) known.clear()
      known.set(channel, { row, final: !party, at: performance.now() })
      return row
    },
    forget(transferId: string) {
      known.delete(transferId)
    },
  }
}

/** The transfer a room event is about (its status may have changed), if any. */
function transferOf(event: RoomServerEvent): string | undefined {
  if (event.type === 'transfer_request' || event.type === 'transfer_response') return event.transfer.transfer_id
  if (event.type === 'transfer_status') return event.transfer_id
  return undefined
}
