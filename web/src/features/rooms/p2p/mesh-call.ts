import { callChannel, type SignalServerMessage } from '@ferry/contracts/realtime/signalling'
import { candidateMessage, type SignallingClient } from '../realtime/signalling-client.js'

/**
 * Join Video Chat: one RTCPeerConnection per other member on the signalling socket's 'call'
 * channel (a mesh, up to the room size). The server pairs members that said `ready` and names
 * the offerer of each pair; `onStreams` gets the remote streams by participant id.
 */
export class MeshCall {
  private readonly peers = new Map<string, RTCPeerConnection>()
  private readonly queued = new Map<string, RTCIceCandidateInit[]>()
  private readonly streams = new Map<string, MediaStream>()
  private readonly off: () => void

  constructor(
    private readonly signalling: SignallingClient,
    private readonly local: MediaStream,
    private readonly iceServers: RTCIceServer[],
    private readonly onStreams: (streams: Map<string, MediaStream>) => void,
    private readonly onError: (code: string) => void,
  ) {
    this.off = signalling.on(callChannel, (message) => {
      this.handle(message).catch(() => {
        if ('from' in message) this.drop(message.from)
      })
    })
    signalling.ready(callChannel)
  }

  leave() {
    this.off()
    this.signalling.leave(callChannel)
    for (const id of [...this.peers.keys()]) this.drop(id)
    for (const track of this.local.getTracks()) track.stop()
  }

  private peer(id: string): RTCPeerConnection {
    const existing = this.peers.get(id)
    if (existing) return existing
    const pc = new RTCPeerConnection({ iceServers: this.iceServers })
    for (const track of this.local.getTracks()) pc.addTrack(track, this.local)
    pc.onicecandidate = (event) =>
      this.signalling.send({
        type: 'ice-candidate',
        channel: callChannel,
        to: id,
        candidate: candidateMessage(event.candidate?.toJSON()),
      })
    pc.ontrack = (event) => {
      const stream = event.streams[0]
      if (!stream) return
      this.streams.set(id, stream)
      this.onStreams(new Map(this.streams))
    }
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'connected') this.signalling.send({ type: 'connected', channel: callChannel, to: id })
      if (pc.connectionState === 'failed') this.drop(id)
    }
    this.peers.set(id, pc)
    return pc
  }

  private async handle(message: SignalServerMessage) {
    if (message.type === 'error') return this.onError(message.code)
    if (message.type === 'role') {
      const pc = this.peer(message.peer)
      if (message.role !== 'offerer') return
      await pc.setLocalDescription(await pc.createOffer())
      this.signalling.send({
        type: 'offer',
        channel: callChannel,
        to: message.peer,
        sdp: { type: 'offer', sdp: pc.localDescription?.sdp ?? '' },
      })
    } else if (message.type === 'offer') {
      const pc = this.peer(message.from)
      await pc.setRemoteDescription({ type: 'offer', sdp: message.sdp.sdp })
      await this.flush(message.from, pc)
      await pc.setLocalDescription(await pc.createAnswer())
      this.signalling.send({
        type: 'answer',
        channel: callChannel,
        to: message.from,
        sdp: { type: 'answer', sdp: pc.localDescription?.sdp ?? '' },
      })
    } else if (message.type === 'answer') {
      const pc = this.peer(message.from)
      await pc.setRemoteDescription({ type: 'answer', sdp: message.sdp.sdp })
      await this.flush(message.from, pc)
    } else if (message.type === 'ice-candidate' && message.candidate) {
      const pc = this.peer(message.from)
      if (pc.remoteDescription) await pc.addIceCandidate(message.candidate)
      else this.queued.set(message.from, [...(this.queued.get(message.from) ?? []), message.candidate])
    } else if (message.type === 'peer-left') this.drop(message.from)
  }

  private async flush(id: string, pc: RTCPeerConnection) {
    for (const candidate of this.queued.get(id) ?? []) await pc.addIceCandidate(candidate)
    this.queued.delete(id)
  }

  private drop(id: string) {
    this.peers.get(id)?.close()
    this.peers.delete(id)
    this.queued.delete(id)
    if (this.streams.delete(id)) this.onStreams(new Map(this.streams))
  }
}
