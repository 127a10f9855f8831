import { roomSocketPaths } from '@ferry/contracts/api/rooms'
import {
  type SignalChannel,
  type SignalClientMessage,
  type SignalServerMessage,
  signalServerMessageSchema,
} from '@ferry/contracts/realtime/signalling'
import { routePath } from '@ferry/contracts/routes/route'
import { openReconnectingSocket, type ReconnectingSocket } from '../../../lib/reconnecting-socket.js'
import { socketUrl } from '../api/rooms-api.js'
import type { PeerSignal, SignalLink } from '../p2p/peer-transfer.js'

type Listener = (message: SignalServerMessage) => void

/** An RTCIceCandidateInit as the contract has it (null: end of candidates). */
export const candidateMessage = (candidate: RTCIceCandidateInit | null | undefined) =>
  candidate
    ? {
        candidate: candidate.candidate ?? '',
        sdpMid: candidate.sdpMid,
        sdpMLineIndex: candidate.sdpMLineIndex,
        usernameFragment: candidate.usernameFragment,
      }
    : null

/**
 * The room's signalling socket, /ws/webrtc/{roomId} (spec/transfers.md §7), shared by every transfer and the
 * call of this page. A channel (a transfer id, or 'call') starts with `ready`; the server
 * answers `role` once both ends are ready, naming the peer messages go `to`.
 */
export class SignallingClient {
  private readonly socket: ReconnectingSocket
  private readonly listeners = new Map<SignalChannel, Set<Listener>>()
  private readonly readyChannels = new Set<SignalChannel>()
  private readonly outbox: SignalClientMessage[] = []

  constructor(roomId: string, token: string | null, onFinalClose?: (code: number) => void) {
    this.socket = openReconnectingSocket({
      url: socketUrl(routePath({ path: roomSocketPaths.signallingSocket }, { roomId }), token),
      onMessage: (data) => this.dispatch(data),
      // After a reconnect the server knows nothing of this page's channels: say ready again.
      onOpen: () => {
        for (const channel of this.readyChannels) this.socket.send({ type: 'ready', channel })
        for (const message of this.outbox.splice(0)) this.socket.send(message)
      },
      onFinalClose: (code) => onFinalClose?.(code),
    })
  }

  send(message: SignalClientMessage) {
    if (!this.socket.send(message)) this.outbox.push(message)
  }

  /** Subscribes to one channel's messages; returns the unsubscribe. */
  on(channel: SignalChannel, listener: Listener): () => void {
    const set = this.listeners.get(channel) ?? new Set()
    set.add(listener)
    this.listeners.set(channel, set)
    return () => {
      set.delete(listener)
      if (set.size === 0) this.listeners.delete(channel)
    }
  }

  ready(channel: SignalChannel) {
    this.readyChannels.add(channel)
    this.send({ type: 'ready', channel })
  }

  leave(channel: SignalChannel) {
    this.readyChannels.delete(channel)
    this.send({ type: 'leave', channel })
  }

  /**
   * A PeerTransfer's link on a transfer channel: says ready, holds the transfer's outgoing
   * signals until the server names the peer, then relays both ways.
   */
  transferLink(channel: string): SignalLink & { close(): void } {
    let peer: string | null = null
    const held: PeerSignal[] = []
    const handlers = new Set<(signal: PeerSignal) => void>()
    const forward = (signal: PeerSignal) => {
      if (!peer) return void held.push(signal)
      if (signal.type === 'ice-candidate')
        this.send({ type: 'ice-candidate', channel, to: peer, candidate: candidateMessage(signal.candidate) })
      else this.send({ type: signal.type, channel, to: peer, sdp: { type: signal.type, sdp: signal.sdp } })
    }
    const off = this.on(channel, (message) => {
      if (message.type === 'role') {
        peer = message.peer
        for (const signal of held.splice(0)) forward(signal)
        return
      }
      let signal: PeerSignal | null = null
      if (message.type === 'offer' || message.type === 'answer') signal = { type: message.type, sdp: message.sdp.sdp }
      else if (message.type === 'ice-candidate' && message.candidate)
        signal = { type: 'ice-candidate', candidate: message.candidate }
      if (signal) for (const handler of handlers) handler(signal)
    })
    this.ready(channel)
    return {
      send: forward,
      listen(handler) {
        handlers.add(handler)
        return () => handlers.delete(handler)
      },
      close: () => {
        off()
        this.leave(channel)
      },
    }
  }

  close() {
    this.socket.close()
    this.listeners.clear()
  }

  private dispatch(data: unknown) {
    const parsed = signalServerMessageSchema.safeParse(data)
    if (!parsed.success) return
    const message = parsed.data
    const channel = 'channel' in message ? message.channel : undefined
    if (channel === undefined) return
    for (const listener of this.listeners.get(channel) ?? []) listener(message)
  }
}
