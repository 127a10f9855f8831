import { createBlockHashList } from './block-hash-list.js'
import {
  type ControlMessage,
  chunkSize,
  encodeControl,
  highWaterMark,
  lowWaterMark,
  parseControl,
  type TransferFailure,
  verifyEnd,
} from './channel-protocol.js'
import { fileBlocks } from './file-blocks.js'
import { openReceivedFileSink, type ReceivedFileSink } from './received-file-sink.js'
import { createProgressMeter, type TransferProgress } from './transfer-progress.js'

/** What the two peers of one transfer exchange through the signalling socket. */
export type PeerSignal =
  | { type: 'offer'; sdp: string }
  | { type: 'answer'; sdp: string }
  | { type: 'ice-candidate'; candidate: RTCIceCandidateInit }

export interface SignalLink {
  send(signal: PeerSignal): void
  /** Subscribes to the peer's signals for this transfer; returns the unsubscribe. */
  listen(handler: (signal: PeerSignal) => void): () => void
}

export class PeerTransferError extends Error {
  constructor(readonly reason: TransferFailure) {
    super(reason)
  }
}

export interface PeerTransferResult {
  bytes: number
  seconds: number
  sha256: string
  /** The receiver's stored file (on disk where the browser allows). */
  file?: Blob
}

interface CommonOptions {
  transferId: string
  iceServers: RTCIceServer[]
  signal: SignalLink
  onProgress?(progress: TransferProgress): void
  /** Called once the data channel is open (bytes start to flow). */
  onConnected?(): void
  /** Gives up when the channel is not open after this long. */
  connectTimeoutMs?: number
}

export interface SendOptions extends CommonOptions {
  file: Blob
}

export interface ReceiveOptions extends CommonOptions {
  size: number
  mimeType: string
}

/** Progress reaches the page at most this often (a re-render each time), as the upload widget's. */
const progressEveryMs = 500

/**
 * One file between two browsers: its own RTCPeerConnection and ordered data channel (the
 * sender offers). Bytes go in `chunkSize` messages with backpressure; the sender hashes while
 * it reads (the block hash list) and announces size and hash at the end; the receiver hashes
 * what arrives the same way, stores it (OPFS or memory) and confirms. `done` settles once, with the result or a PeerTransferError.
 */
export class PeerTransfer {
  readonly done: Promise<PeerTransferResult>
  private readonly pc: RTCPeerConnection
  private channel: RTCDataChannel | null = null
  private settled = false
  private succeeded = false
  private resolveDone!: (result: PeerTransferResult) => void
  private rejectDone!: (error: PeerTransferError) => void
  private readonly cleanups: (() => void)[] = []
  private lastProgressAt = 0
  private startedAt = 0

  private constructor(private readonly options: CommonOptions) {
    this.done = new Promise((resolve, reject) => {
      this.resolveDone = resolve
      this.rejectDone = reject
    })
    this.pc = new RTCPeerConnection({ iceServers: options.iceServers })
    this.pc.onicecandidate = (event) => {
      if (event.candidate) options.signal.send({ type: 'ice-candidate', candidate: event.candidate.toJSON() })
    }
    this.pc.onconnectionstatechange = () => {
      if (this.pc.connectionState === 'failed') this.fail('connection_failed')
    }
    const timer = setTimeout(() => {
      if (this.channel?.readyState !== 'open') this.fail('timeout')
    }, options.connectTimeoutMs ?? 30_000)
    this.cleanups.push(() => clearTimeout(timer))
  }

  /** Starts sending `file`; the receiver must run `PeerTransfer.receive` with the same transfer. */
  static send(options: SendOptions): PeerTransfer {
    const transfer = new PeerTransfer(options)
    transfer.startSender(options).catch((error) => transfer.fail(reasonOf(error, 'read_failed')))
    return transfer
  }

  static receive(options: ReceiveOptions): PeerTransfer {
    const transfer = new PeerTransfer(options)
    transfer.startReceiver(options).catch((error) => transfer.fail(reasonOf(error, 'write_failed')))
    return transfer
  }

  /** Stops the transfer here and tells the peer. */
  cancel() {
    this.sendControl({ t: 'cancel' })
    this.fail('canceled')
  }

  private async startSender(options: SendOptions) {
    const queued: RTCIceCandidateInit[] = []
    const channel = this.pc.createDataChannel('file', { ordered: true })
    this.attachChannel(channel)
    this.listen(async (signal) => {
      if (signal.type === 'answer') {
        await this.pc.setRemoteDescription({ type: 'answer', sdp: signal.sdp })
        for (const candidate of queued.splice(0)) await this.pc.addIceCandidate(candidate)
      } else if (signal.type === 'ice-candidate') {
        if (this.pc.remoteDescription) await this.pc.addIceCandidate(signal.candidate)
        else queued.push(signal.candidate)
      }
    })
    const open = new Promise<void>((resolve) => channel.addEventListener('open', () => resolve(), { once: true }))
    const offer = await this.pc.createOffer()
    await this.pc.setLocalDescription(offer)
    options.signal.send({ type: 'offer', sdp: offer.sdp ?? '' })
    await open
    this.opened()

    let announced: { size: number; sha256: string } | null = null
    channel.onmessage = (event) => {
      const control = typeof event.data === 'string' ? parseControl(event.data) : null
      if (control?.t === 'ok' && announced) this.succeed({ bytes: announced.size, sha256: announced.sha256 })
      else if (control?.t === 'fail') this.fail(control.reason)
      else if (control?.t === 'cancel') this.fail('canceled')
    }
    const hashes = createBlockHashList()
    let sent = 0
    const meter = createProgressMeter(options.file.size)
    for await (const block of fileBlocks(options.file)) {
      hashes.update(block)
      for (let offset = 0; offset < block.byteLength; offset += chunkSize) {
        if (this.settled) return
        if (channel.bufferedAmount > highWaterMark) await this.drained(channel)
        if (this.settled) return
        const chunk = block.subarray(offset, offset + chunkSize)
        channel.send(chunk)
        sent += chunk.byteLength
        this.progress(meter, Math.max(0, sent - channel.bufferedAmount))
      }
    }
    announced = { size: sent, sha256: await hashes.digest() }
    if (this.settled) return
    this.sendControl({ t: 'end', ...announced })
    // The bar reaches 100% when the receiver confirms, as only then is the file there.
  }

  private async startReceiver(options: ReceiveOptions) {
    // The sink is ready before the answer goes out, so no chunk can arrive ahead of it.
    const sinkReady = openReceivedFileSink(options.transferId, options.mimeType)
    this.listen(async (signal) => {
      if (signal.type === 'offer') {
        const sink = await sinkReady
        this.pc.ondatachannel = (event) => {
          this.attachChannel(event.channel)
          this.receiveInto(event.channel, sink, options)
          if (event.channel.readyState === 'open') this.opened()
          else event.channel.addEventListener('open', () => this.opened(), { once: true })
        }
        await this.pc.setRemoteDescription({ type: 'offer', sdp: signal.sdp })
        const answer = await this.pc.createAnswer()
        await this.pc.setLocalDescription(answer)
        options.signal.send({ type: 'answer', sdp: answer.sdp ?? '' })
      } else if (signal.type === 'ice-candidate') {
        await this.pc.addIceCandidate(signal.candidate)
      }
    })
    const sink = await sinkReady
    if (this.settled) await sink.abort()
    else
      this.cleanups.push(() => {
        if (!this.succeeded) void sink.abort()
      })
  }

  private receiveInto(channel: RTCDataChannel, sink: ReceivedFileSink, options: ReceiveOptions) {
    const meter = createProgressMeter(options.size)
    let received = 0
    channel.onmessage = (event) => {
      if (this.settled) return
      if (typeof event.data !== 'string') {
        const chunk = event.data as ArrayBuffer
        received += chunk.byteLength
        if (received > options.size) return this.failAndTell('size_mismatch')
        sink.write(chunk)
        this.progress(meter, received)
        return
      }
      const control = parseControl(event.data)
      if (control?.t === 'cancel') return this.fail('canceled')
      if (control?.t !== 'end') return
      sink.finish().then(
        ({ file, sha256 }) => {
          const failure = verifyEnd(control, { size: received, sha256 }, options.size)
          if (failure) return this.failAndTell(failure)
          this.sendControl({ t: 'ok' })
          this.options.onProgress?.(meter.sample(received, performance.now()))
          this.succeed({ bytes: received, sha256, file })
        },
        () => this.failAndTell('write_failed'),
      )
    }
  }

  private attachChannel(channel: RTCDataChannel) {
    this.channel = channel
    channel.binaryType = 'arraybuffer'
    channel.bufferedAmountLowThreshold = lowWaterMark
    channel.onclose = () => this.fail('closed')
  }

  /** Handles the peer's signals one at a time, in order: a candidate never overtakes its offer. */
  private listen(handler: (signal: PeerSignal) => Promise<void>) {
    let chain = Promise.resolve()
    this.cleanups.push(
      this.options.signal.listen((signal) => {
        chain = chain.then(() => handler(signal)).catch(() => this.fail('connection_failed'))
      }),
    )
  }

  private opened() {
    this.startedAt = performance.now()
    this.options.onConnected?.()
  }

  private drained(channel: RTCDataChannel): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        channel.removeEventListener('bufferedamountlow', done)
        channel.removeEventListener('close', done)
        resolve()
      }
      channel.addEventListener('bufferedamountlow', done)
      channel.addEventListener('close', done)
    })
  }

  private progress(meter: ReturnType<typeof createProgressMeter>, bytes: number) {
    const now = performance.now()
    if (now - this.lastProgressAt < progressEveryMs) return
    this.lastProgressAt = now
    this.options.onProgress?.(meter.sample(bytes, now))
  }

  private sendControl(message: ControlMessage) {
    if (this.channel?.readyState === 'open') this.channel.send(encodeControl(message))
  }

  private failAndTell(reason: TransferFailure) {
    this.sendControl({ t: 'fail', reason })
    this.fail(reason)
  }

  private succeed(result: Omit<PeerTransferResult, 'seconds'>) {
    if (this.settled) return
    this.succeeded = true
    const seconds = (performance.now() - this.startedAt) / 1000
    this.finish()
    this.resolveDone({ ...result, seconds })
  }

  private fail(reason: TransferFailure) {
    if (this.settled) return
    this.finish()
    this.rejectDone(new PeerTransferError(reason))
  }

  private finish() {
    this.settled = true
    for (const cleanup of this.cleanups.splice(0)) cleanup()
    // Let the last control message leave before the connection goes.
    setTimeout(() => this.pc.close(), 1000)
  }
}

function reasonOf(error: unknown, fallback: TransferFailure): TransferFailure {
  return error instanceof PeerTransferError ? error.reason : fallback
}
