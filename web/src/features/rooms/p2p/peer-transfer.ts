import { bytesToHex } from '@noble/hashes/utils.js'
import { createBlockHashList } from './block-hash-list.js'
import {
  type ControlMessage,
  encodeControl,
  highWaterMark,
  lowWaterMark,
  negotiatedMessageSize,
  type OfferedFile,
  parseControl,
  readBlockSize,
  type TransferFailure,
  verifyEnd,
} from './channel-protocol.js'
import { fileBlocks } from './file-blocks.js'
import { openReceivedFileSink, type ReceivedFileSink } from './received-file-sink.js'
import { watchForStall } from './stall-watch.js'
import { createProgressMeter, type TransferProgress } from './transfer-progress.js'
import { createVerifiedBlocks, type VerifiedBlocks } from './verified-blocks.js'

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
  constructor(
    readonly reason: TransferFailure,
    /** Whether a direct connection was ever made (false: offer the stored transfer instead). */
    readonly everConnected = true,
  ) {
    super(reason)
  }
}

/** One received file: a slice of the stored stream (no copy). */
export interface ReceivedFile {
  name: string
  file: Blob
}

export interface PeerTransferResult {
  bytes: number
  seconds: number
  sha256: string
  /** The receiver's stored files (on disk where the browser allows), in the offer's order. */
  files?: ReceivedFile[]
  /** How many times the connection dropped and the transfer resumed. */
  resumes: number
}

interface CommonOptions {
  transferId: string
  iceServers: RTCIceServer[]
  signal: SignalLink
  onProgress?(progress: TransferProgress): void
  /** Called each time a data channel opens (bytes start, or start again, to flow). */
  onConnected?(): void
  /** Called when the connection dropped mid-transfer and a new one is being made. */
  onReconnecting?(): void
  /** Gives up when a channel is not open after this long. */
  connectTimeoutMs?: number
}

/** One file of an offer to send; `name` may carry a folder path. */
export interface FileToSend {
  name: string
  file: Blob
}

export interface SendOptions extends CommonOptions {
  files: FileToSend[]
  /** The message size wanted, capped by what the channel allows (channel-protocol.ts); the default otherwise. */
  messageSize?: number
}

export interface ReceiveOptions extends CommonOptions {
  /** The offer's total size, as the room transfer announced it. */
  size: number
  mimeType: string
  /** The name when the sender offers one file. */
  fileName: string
}

/** Progress reaches the page at most this often (a re-render each time), as the upload widget's. */
const progressEveryMs = 500
/** How many times a dropped connection is made again before the transfer fails. */
const maxResumes = 5

/** One connection attempt: a peer connection and its data channel. */
interface Leg {
  pc: RTCPeerConnection
  channel: RTCDataChannel | null
  /** Settles when this leg's channel is open. */
  open: Promise<void>
  markOpen(): void
  /** Settles when this leg's connection or channel is gone. */
  dropped: Promise<void>
  drop(): void
}

/**
 * One offer (one or several files, sent as one stream of bytes) between two browsers, over an
 * ordered data channel (the sender offers). Bytes go in messages of the negotiated size
 * (16 KiB up to the channel's maximum message size) with backpressure; both sides hash the
 * stream in `readBlockSize` blocks (block-hash-list.ts), the sender announcing each block's
 * digest after its bytes, so the receiver knows which blocks it holds are right. When the
 * connection drops, or its open channel moves no byte for `stallAfterMs` (stall-watch.ts),
 * the sender makes a new one over the same signalling link and the
 * receiver answers with the number of verified blocks it holds: the bytes go on from there
 * (up to `maxResumes` times). `done` settles once, with the result or a PeerTransferError.
 */
export class PeerTransfer {
  readonly done: Promise<PeerTransferResult>
  private leg: Leg | null = null
  private settled = false
  private succeeded = false
  private everConnected = false
  private resumes = 0
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
  }

  /** Starts sending `files`; the receiver must run `PeerTransfer.receive` with the same transfer. */
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

  /** A new peer connection for the next leg; the previous one (if any) is closed. */
  private newLeg(): Leg {
    this.leg?.drop()
    const pc = new RTCPeerConnection({ iceServers: this.options.iceServers })
    let drop!: () => void
    const dropped = new Promise<void>((resolve) => {
      drop = resolve
    })
    let markOpen!: () => void
    const open = new Promise<void>((resolve) => {
      markOpen = resolve
    })
    const leg: Leg = { pc, channel: null, open, markOpen, dropped, drop }
    pc.onicecandidate = (event) => {
      if (event.candidate && this.leg === leg)
        this.options.signal.send({ type: 'ice-candidate', candidate: event.candidate.toJSON() })
    }
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'failed' || pc.connectionState === 'closed') leg.drop()
    }
    void dropped.then(() => {
      // Let a last control message leave before the connection goes.
      setTimeout(() => pc.close(), this.settled ? 1000 : 0)
    })
    this.leg = leg
    return leg
  }

  private attachChannel(leg: Leg, channel: RTCDataChannel) {
    leg.channel = channel
    channel.binaryType = 'arraybuffer'
    channel.bufferedAmountLowThreshold = lowWaterMark
    channel.addEventListener('close', () => leg.drop())
    if (channel.readyState === 'open') leg.markOpen()
    else channel.addEventListener('open', () => leg.markOpen(), { once: true })
  }

  /**
   * Resolves when `leg`'s channel opens; rejects with `timeout` or `closed` otherwise. Told by the
   * channel's open event, not by polling: a page in a background tab runs its timers late (once a
   * second, or once a minute after a while), and a poll there held a sender back after the
   * channel had opened.
   */
  private whenOpen(leg: Leg): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new PeerTransferError('timeout', this.everConnected)), this.timeoutMs())
      void leg.open.then(() => {
        clearTimeout(timer)
        resolve()
      })
      void leg.dropped.then(() => {
        clearTimeout(timer)
        reject(new PeerTransferError('connection_failed', this.everConnected))
      })
    })
  }

  private timeoutMs() {
    return this.options.connectTimeoutMs ?? 30_000
  }

  private async startSender(options: SendOptions) {
    const stream = new Blob(options.files.map((f) => f.file))
    const offered: OfferedFile[] = options.files.map((f) => ({ name: f.name, size: f.file.size, type: f.file.type }))
    const queued: RTCIceCandidateInit[] = []
    this.listen(async (signal) => {
      const pc = this.leg?.pc
      if (!pc) return
      if (signal.type === 'answer') {
        await pc.setRemoteDescription({ type: 'answer', sdp: signal.sdp })
        for (const candidate of queued.splice(0)) await pc.addIceCandidate(candidate)
      } else if (signal.type === 'ice-candidate') {
        if (pc.remoteDescription) await pc.addIceCandidate(signal.candidate)
        else queued.push(signal.candidate)
      }
    })
    // Each block's digest goes to the receiver as soon as it is known (after or, rarely, before its bytes).
    const hashes = createBlockHashList(undefined, readBlockSize, (i, digest) =>
      this.sendControl({ t: 'block', i, sha256: bytesToHex(digest) }),
    )
    const meter = createProgressMeter(stream.size)
    let announced: { size: number; sha256: string } | null = null
    while (!this.settled) {
      queued.length = 0
      const leg = this.newLeg()
      const channel = leg.pc.createDataChannel('file', { ordered: true })
      this.attachChannel(leg, channel)
      let resumeFrom: (from: number) => void = () => {}
      const resume = new Promise<number>((resolve) => {
        resumeFrom = resolve
      })
      channel.onmessage = (event) => {
        const control = typeof event.data === 'string' ? parseControl(event.data) : null
        if (control?.t === 'resume') resumeFrom(control.from)
        else if (control?.t === 'ok' && announced) this.succeed({ bytes: announced.size, sha256: announced.sha256 })
        else if (control?.t === 'fail') this.fail(control.reason)
        else if (control?.t === 'cancel') this.fail('canceled')
      }
      const offer = await leg.pc.createOffer()
      await leg.pc.setLocalDescription(offer)
      options.signal.send({ type: 'offer', sdp: offer.sdp ?? '' })
      await this.whenOpen(leg)
      this.opened()
      // Bytes handed to this leg's channel: null until the receiver's `resume` comes.
      let handedOver: number | null = null
      let allHandedOver = false
      const stopWatch = watchForStall(
        () => {
          if (this.settled || (allHandedOver && channel.bufferedAmount === 0)) return null
          return handedOver === null ? -1 : handedOver - channel.bufferedAmount
        },
        () => {
          // An open channel that carries nothing (seen in CI: both sides at 0 B for 90 s) is given
          // up; the next leg resumes from the receiver's verified blocks.
          console.warn(
            handedOver === null
              ? 'Direct transfer: the receiver did not answer on an open channel; connecting again'
              : 'Direct transfer: bytes stopped leaving the channel; connecting again',
          )
          leg.drop()
        },
      )
      void leg.dropped.then(stopWatch)
      const from = await Promise.race([resume, leg.dropped.then(() => null)])
      if (from !== null && !this.settled) {
        const fromBlock = Math.min(from, Math.ceil(stream.size / readBlockSize))
        handedOver = fromBlock * readBlockSize
        this.sendControl({ t: 'files', files: offered })
        await this.sendFrom(leg, channel, stream, fromBlock, hashes, meter, (bytes) => {
          handedOver = bytes
        })
        allHandedOver = true
        if (!this.settled && channel.readyState === 'open') {
          announced = { size: stream.size, sha256: await hashes.digest() }
          this.sendControl({ t: 'end', ...announced })
          // The bar reaches 100% when the receiver confirms, as only then is the file there.
        }
      }
      await leg.dropped
      if (this.settled) return
      this.reconnecting()
    }
  }

  /** The stream's bytes from block `from` on, each block's digest after its bytes. */
  private async sendFrom(
    leg: Leg,
    channel: RTCDataChannel,
    stream: Blob,
    from: number,
    hashes: ReturnType<typeof createBlockHashList>,
    meter: ReturnType<typeof createProgressMeter>,
    onHandedOver: (bytes: number) => void,
  ) {
    const messageSize = negotiatedMessageSize(leg.pc.sctp?.maxMessageSize, (this.options as SendOptions).messageSize)
    hashes.restart(from)
    let sent = from * readBlockSize
    for await (const block of fileBlocks(stream.slice(sent))) {
      hashes.update(block)
      for (let offset = 0; offset < block.byteLength; offset += messageSize) {
        if (this.settled || channel.readyState !== 'open') return
        if (channel.bufferedAmount > highWaterMark) await this.drained(channel)
        if (this.settled || channel.readyState !== 'open') return
        const end = Math.min(offset + messageSize, block.byteLength)
        channel.send(block.subarray(offset, end))
        sent += end - offset
        onHandedOver(sent)
        this.progress(meter, sent, channel)
      }
    }
  }

  private async startReceiver(options: ReceiveOptions) {
    const blocks = createVerifiedBlocks()
    // The sink is ready before the answer goes out, so no chunk can arrive ahead of it.
    const sinkReady = openReceivedFileSink(options.transferId, options.size, options.mimeType, (index, sha256) => {
      if (blocks.mine(index, sha256) !== null) this.failAndTell('hash_mismatch')
    })
    let files: OfferedFile[] | null = null
    let leg: Leg | null = null
    const meter = createProgressMeter(options.size)
    this.listen(async (signal) => {
      if (signal.type === 'offer') {
        const sink = await sinkReady
        if (this.settled) return
        // A new offer is a new leg: the sender saw the previous connection drop.
        if (leg) this.reconnecting()
        const current = this.newLeg()
        leg = current
        current.pc.ondatachannel = (event) => {
          this.attachChannel(current, event.channel)
          const start = () => {
            this.opened()
            const from = blocks.verified()
            blocks.truncate(from)
            sink.truncate(from)
            this.receiveInto(current, event.channel, sink, blocks, from * readBlockSize, meter, options, (offered) => {
              files ??= offered
              return files
            })
            this.sendControl({ t: 'resume', from })
          }
          if (event.channel.readyState === 'open') start()
          else event.channel.addEventListener('open', start, { once: true })
        }
        await current.pc.setRemoteDescription({ type: 'offer', sdp: signal.sdp })
        const answer = await current.pc.createAnswer()
        await current.pc.setLocalDescription(answer)
        options.signal.send({ type: 'answer', sdp: answer.sdp ?? '' })
        // Waits for this leg's channel; a newer offer replaces the leg (and this wait).
        this.whenOpen(current).catch((error: PeerTransferError) => {
          if (this.leg === current) this.fail(this.everConnected ? 'closed' : error.reason)
        })
        // Dropped and no new offer in time: the sender is gone.
        void current.dropped.then(() =>
          setTimeout(() => {
            if (this.leg === current) this.fail('closed')
          }, this.timeoutMs()),
        )
      } else if (signal.type === 'ice-candidate') {
        await leg?.pc.addIceCandidate(signal.candidate)
      }
    })
    // No offer in time at all: no direct connection could be made.
    const firstOffer = setTimeout(() => {
      if (!leg) this.fail('timeout')
    }, this.timeoutMs())
    this.cleanups.push(() => clearTimeout(firstOffer))
    const sink = await sinkReady
    if (this.settled) await sink.abort()
    else
      this.cleanups.push(() => {
        if (!this.succeeded) void sink.abort()
      })
  }

  private receiveInto(
    leg: Leg,
    channel: RTCDataChannel,
    sink: ReceivedFileSink,
    blocks: VerifiedBlocks,
    start: number,
    meter: ReturnType<typeof createProgressMeter>,
    options: ReceiveOptions,
    manifest: (offered: OfferedFile[]) => OfferedFile[],
  ) {
    let received = start
    let files: OfferedFile[] | null = null
    channel.onmessage = (event) => {
      if (this.settled || this.leg !== leg) return
      if (typeof event.data !== 'string') {
        const chunk = event.data as ArrayBuffer
        received += chunk.byteLength
        if (received > options.size || !files) return this.failAndTell('size_mismatch')
        sink.write(chunk)
        this.progress(meter, received)
        return
      }
      const control = parseControl(event.data)
      if (control?.t === 'cancel') return this.fail('canceled')
      if (control?.t === 'files') {
        files = manifest(control.files)
        if (files.reduce((sum, f) => sum + f.size, 0) !== options.size) this.failAndTell('size_mismatch')
        return
      }
      if (control?.t === 'block') {
        if (blocks.theirs(control.i, control.sha256) !== null) this.failAndTell('hash_mismatch')
        return
      }
      if (control?.t !== 'end' || !files) return
      const offered = files
      sink.finish().then(
        ({ file, sha256 }) => {
          const failure = verifyEnd(control, { size: received, sha256 }, options.size)
          if (failure) return this.failAndTell(failure)
          this.sendControl({ t: 'ok' })
          this.options.onProgress?.(meter.sample(received, performance.now()))
          this.succeed({ bytes: received, sha256, files: sliceFiles(file, offered, options) })
        },
        () => this.failAndTell('write_failed'),
      )
    }
  }

  /** Handles the peer's signals one at a time, in order: a candidate never overtakes its offer. */
  private listen(handler: (signal: PeerSignal) => Promise<void>) {
    let chain = Promise.resolve()
    this.cleanups.push(
      this.options.signal.listen((signal) => {
        chain = chain.then(() => handler(signal)).catch(() => this.leg?.drop())
      }),
    )
  }

  private opened() {
    if (!this.everConnected) this.startedAt = performance.now()
    this.everConnected = true
    this.options.onConnected?.()
  }

  private reconnecting() {
    if (!this.everConnected) return this.fail('connection_failed')
    if (++this.resumes > maxResumes) return this.fail('closed')
    this.options.onReconnecting?.()
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

  /** At most every `progressEveryMs`; the sender's bytes are those that left its buffer (read only then). */
  private progress(meter: ReturnType<typeof createProgressMeter>, bytes: number, queued?: RTCDataChannel) {
    const now = performance.now()
    if (now - this.lastProgressAt < progressEveryMs) return
    this.lastProgressAt = now
    this.options.onProgress?.(meter.sample(Math.max(0, bytes - (queued?.bufferedAmount ?? 0)), now))
  }

  private sendControl(message: ControlMessage) {
    const channel = this.leg?.channel
    if (channel?.readyState === 'open') channel.send(encodeControl(message))
  }

  private failAndTell(reason: TransferFailure) {
    this.sendControl({ t: 'fail', reason })
    this.fail(reason)
  }

  private succeed(result: Omit<PeerTransferResult, 'seconds' | 'resumes'>) {
    if (this.settled) return
    this.succeeded = true
    const seconds = (performance.now() - this.startedAt) / 1000
    this.finish()
    this.resolveDone({ ...result, seconds, resumes: this.resumes })
  }

  private fail(reason: TransferFailure) {
    if (this.settled) return
    this.finish()
    this.rejectDone(new PeerTransferError(reason, this.everConnected))
  }

  private finish() {
    this.settled = true
    for (const cleanup of this.cleanups.splice(0)) cleanup()
    this.leg?.drop()
  }
}

/** The offer's files as slices of the stored stream; one file keeps the room transfer's name and type. */
function sliceFiles(stream: Blob, files: OfferedFile[], options: ReceiveOptions): ReceivedFile[] {
  if (files.length === 1) return [{ name: options.fileName, file: stream.slice(0, stream.size, options.mimeType) }]
  let at = 0
  return files.map((f) => {
    const file = stream.slice(at, at + f.size, f.type)
    at += f.size
    return { name: f.name, file }
  })
}

function reasonOf(error: unknown, fallback: TransferFailure): TransferFailure {
  return error instanceof PeerTransferError ? error.reason : fallback
}
