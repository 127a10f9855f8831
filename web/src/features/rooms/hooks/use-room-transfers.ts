import { fileNameMaxLength, type RoomMemberView, type RoomTransfer } from '@ferry/contracts/api/rooms'
import type { RoomServerEvent } from '@ferry/contracts/realtime/room-events'
import { useCallback, useEffect, useRef, useState } from 'react'
import { createUploadEngine } from '../../uploads/index.js'
import { roomsApi } from '../api/rooms-api.js'
import type { TransferFailure } from '../p2p/channel-protocol.js'
import { type FileToSend, PeerTransfer, PeerTransferError } from '../p2p/peer-transfer.js'
import { isShareLink, SendAsLinkError, sendAsLink } from '../p2p/send-as-link.js'
import { megabytesPerSecond, type TransferProgress } from '../p2p/transfer-progress.js'
import type { SignallingClient } from '../realtime/signalling-client.js'
import { createTransferProgressStore } from './transfer-progress-store.js'

export type TransferPhase =
  | 'requested'
  | 'waiting'
  | 'connecting'
  | 'transferring'
  | 'completed'
  | 'declined'
  | 'canceled'
  | 'failed'

/** One transfer as this page shows it. */
export interface TransferView {
  transfer: RoomTransfer
  direction: 'sending' | 'receiving'
  phase: TransferPhase
  /** Why it failed: an engine reason, or the other party's words. */
  failure: string | null
  /** MB/s once completed. */
  speed: number | null
  /** The receiver's stored files, for Download (one per file of the offer). */
  downloads: { name: string; url: string }[]
  /** The connection dropped and is being made again (the transfer then resumes). */
  reconnecting: boolean
  /** How many times the transfer resumed after a dropped connection (once completed). */
  resumes: number
  /** No direct connection could be made: the sender may send the files as a stored transfer. */
  noDirectConnection: boolean
  /** The sender's "Send as a link instead", once clicked. */
  asLink: AsLinkState | null
}

/** Sending an offer that could not connect as a link transfer: uploading (0 to 1), then sent or failed. */
export type AsLinkState =
  | { state: 'sending'; progress: number }
  | { state: 'sent'; shareUrl: string }
  | { state: 'failed'; error: unknown }

/** A link the sender of an offer to this page sent instead of the direct transfer. */
export interface LinkInstead {
  transferId: string
  senderName: string
  shareUrl: string
}

export type RoomTransferNotice =
  | { kind: 'request'; transfer: RoomTransfer }
  | { kind: 'response'; transfer: RoomTransfer; accepted: boolean }
  | { kind: 'completed'; transfer: RoomTransfer }
  | { kind: 'failed'; transfer: RoomTransfer; reason: string }
  | { kind: 'initiateFailed' }
  | { kind: 'linkInstead'; link: LinkInstead }

interface Options {
  room: RoomMemberView
  guestToken: string | null
  signalling: SignallingClient | null
  notify(notice: RoomTransferNotice): void
}

const active: TransferPhase[] = ['connecting', 'transferring']

/**
 * The room's transfers: send requests, answer incoming ones, run each accepted transfer as a
 * PeerTransfer and report its end to the server (accepted via respond; completed by the
 * receiver with transfer_speed; canceled or error by whoever saw it).
 */
export function useRoomTransfers({ room, guestToken, signalling, notify }: Options) {
  const [views, setViews] = useState<Record<string, TransferView>>({})
  const [links, setLinks] = useState<LinkInstead[]>([])
  const files = useRef(new Map<string, FileToSend[]>())
  const engines = useRef(new Map<string, PeerTransfer>())
  const [progressStore] = useState(createTransferProgressStore)
  const notifyRef = useRef(notify)
  notifyRef.current = notify

  const update = useCallback((id: string, patch: Partial<TransferView>) => {
    setViews((all) => {
      const view = all[id]
      return view ? { ...all, [id]: { ...view, ...patch } } : all
    })
  }, [])

  const add = useCallback(
    (transfer: RoomTransfer, phase: TransferPhase) =>
      setViews((all) => ({
        ...all,
        [transfer.transfer_id]: {
          transfer,
          direction: transfer.sender_id === room.me ? 'sending' : 'receiving',
          phase,
          failure: null,
          speed: null,
          downloads: [],
          reconnecting: false,
          resumes: 0,
          noDirectConnection: false,
          asLink: null,
        },
      })),
    [room.me],
  )

  const report = useCallback(
    (id: string, status: 'canceled' | 'error', reason?: string) =>
      roomsApi
        .reportStatus(id, status === 'error' ? { status, reason: reason ?? 'error' } : { status, reason }, guestToken)
        .catch(() => {}),
    [guestToken],
  )

  const run = useCallback(
    (transfer: RoomTransfer, direction: 'sending' | 'receiving') => {
      if (!signalling || engines.current.has(transfer.transfer_id)) return
      const id = transfer.transfer_id
      const link = signalling.transferLink(id)
      const common = {
        transferId: id,
        iceServers: room.ice_servers,
        signal: link,
        onConnected: () => update(id, { phase: 'transferring', reconnecting: false }),
        onReconnecting: () => update(id, { reconnecting: true }),
        onProgress: (progress: TransferProgress) => progressStore.set(id, progress),
      }
      const offered = files.current.get(id)
      const engine =
        direction === 'sending' && offered
          ? PeerTransfer.send({ ...common, files: offered, messageSize: messageSizeOverride() })
          : PeerTransfer.receive({
              ...common,
              size: transfer.file_size,
              mimeType: transfer.mime_type,
              fileName: transfer.file_name,
            })
      engines.current.set(id, engine)
      update(id, { phase: 'connecting' })
      engine.done.then(
        async (result) => {
          const speed = megabytesPerSecond(result.bytes, result.seconds)
          const downloads = (result.files ?? []).map((f) => ({ name: f.name, url: URL.createObjectURL(f.file) }))
          update(id, { phase: 'completed', speed, downloads, reconnecting: false, resumes: result.resumes })
          notifyRef.current({ kind: 'completed', transfer })
          if (direction === 'receiving')
            await roomsApi
              .reportStatus(id, { status: 'completed', transfer_speed: speed, sha256: result.sha256 }, guestToken)
              .catch(() => {})
        },
        (error: unknown) => {
          const reason: TransferFailure = error instanceof PeerTransferError ? error.reason : 'connection_failed'
          if (reason === 'canceled') return update(id, { phase: 'canceled' })
          const noDirectConnection = error instanceof PeerTransferError && !error.everConnected
          update(id, { phase: 'failed', failure: reason, reconnecting: false, noDirectConnection })
          notifyRef.current({ kind: 'failed', transfer, reason })
          void report(id, 'error', reason)
        },
      )
      engine.done.finally(() => link.close()).catch(() => {})
    },
    [signalling, room.ice_servers, update, guestToken, report, progressStore],
  )

  const sendFiles = useCallback(
    async (recipientId: string, picked: File[]) => {
      const offered = filesToSend(picked)
      if (offered.length === 0) return
      try {
        const transfer = await roomsApi.initiateTransfer(room.id, offerRequest(recipientId, offered), guestToken)
        files.current.set(transfer.transfer_id, offered)
        add(transfer, 'waiting')
      } catch {
        notifyRef.current({ kind: 'initiateFailed' })
      }
    },
    [room.id, guestToken, add],
  )

  const respond = useCallback(
    async (view: TransferView, accept: boolean) => {
      const id = view.transfer.transfer_id
      try {
        const transfer = await roomsApi.respond(id, accept, guestToken)
        if (!accept) return setViews(({ [id]: _gone, ...rest }) => rest)
        update(id, { transfer })
        run(transfer, 'receiving')
      } catch (error) {
        update(id, { phase: 'failed', failure: error instanceof Error ? error.message : null })
      }
    },
    [guestToken, update, run],
  )

  const cancel = useCallback(
    (view: TransferView) => {
      const id = view.transfer.transfer_id
      const engine = engines.current.get(id)
      if (engine) engine.cancel()
      update(id, { phase: 'canceled' })
      void report(id, 'canceled')
    },
    [update, report],
  )

  /** "Send as a link instead": the same files, uploaded and sent as a link transfer to the same recipient. */
  const sendAsLinkInstead = useCallback(
    async (view: TransferView) => {
      const id = view.transfer.transfer_id
      const offered = files.current.get(id)
      if (!offered || offered.length === 0) return
      update(id, { asLink: { state: 'sending', progress: 0 } })
      try {
        const shareUrl = await sendAsLink(offered, {
          engine: createUploadEngine({ autoStart: true }),
          postLink: (uploaded) => roomsApi.sendAsLink(id, uploaded),
          onProgress: (progress) => update(id, { asLink: { state: 'sending', progress } }),
        })
        update(id, { asLink: { state: 'sent', shareUrl } })
      } catch (error) {
        update(id, { asLink: { state: 'failed', error: error instanceof SendAsLinkError ? error.cause : error } })
      }
    },
    [update],
  )

  const dismiss = useCallback(
    (id: string) => {
      setViews(({ [id]: gone, ...rest }) => {
        for (const download of gone?.downloads ?? []) URL.revokeObjectURL(download.url)
        return rest
      })
      files.current.delete(id)
      progressStore.delete(id)
    },
    [progressStore],
  )

  const onRoomEvent = useCallback(
    (event: RoomServerEvent) => {
      if (event.type === 'transfer_link') {
        // The server builds the link; the page shows only what looks like a Ferry share link.
        if (!isShareLink(event.share_url)) return
        const link = { transferId: event.transfer_id, senderName: event.sender_name, shareUrl: event.share_url }
        setLinks((all) => [...all.filter((l) => l.transferId !== link.transferId), link])
        notifyRef.current({ kind: 'linkInstead', link })
      } else if (event.type === 'transfer_request') {
        add(event.transfer, 'requested')
        notifyRef.current({ kind: 'request', transfer: event.transfer })
      } else if (event.type === 'transfer_response') {
        notifyRef.current({ kind: 'response', transfer: event.transfer, accepted: event.accepted })
        update(event.transfer.transfer_id, {
          transfer: event.transfer,
          phase: event.accepted ? 'connecting' : 'declined',
        })
        if (event.accepted) run(event.transfer, 'sending')
      } else if (event.type === 'transfer_status' && event.by !== room.me) {
        const engine = engines.current.get(event.transfer_id)
        if (event.status === 'canceled') {
          engine?.cancel()
          update(event.transfer_id, { phase: 'canceled' })
        } else if (event.status === 'error' && !engine) {
          update(event.transfer_id, { phase: 'failed', failure: event.reason })
        }
      }
    },
    [add, update, run, room.me],
  )

  // Requests that arrived while this page was closed (spec/transfers.md §7 room view's `transfers`).
  useEffect(() => {
    for (const transfer of room.transfers) {
      if (transfer.status === 'initiated' && transfer.recipient_id === room.me)
        setViews((all) => (all[transfer.transfer_id] ? all : { ...all, [transfer.transfer_id]: incoming(transfer) }))
    }
  }, [room.transfers, room.me])

  useEffect(() => {
    const running = engines.current
    return () => {
      for (const engine of running.values()) engine.cancel()
    }
  }, [])

  const list = Object.values(views)
  return {
    requests: list.filter((view) => view.phase === 'requested'),
    transfers: list.filter((view) => view.phase !== 'requested'),
    /** Each running transfer's progress, for its card (useTransferProgress). */
    progressStore,
    isActive: (view: TransferView) => active.includes(view.phase) || view.phase === 'waiting',
    sendFiles,
    sendAsLinkInstead,
    links,
    dismissLink: (transferId: string) => setLinks((all) => all.filter((l) => l.transferId !== transferId)),
    filesOf: (id: string) => files.current.get(id) ?? [],
    respond,
    cancel,
    dismiss,
    onRoomEvent,
  }
}

/**
 * `localStorage['ferry.p2p.messageSize']` (bytes) replaces the preferred message size on this
 * browser: how `npm run bench:p2p` compares 16, 64 and 256 KiB on the real page. Still capped by
 * the channel (negotiatedMessageSize).
 */
function messageSizeOverride(): number | undefined {
  try {
    const value = Number(localStorage.getItem('ferry.p2p.messageSize'))
    return Number.isSafeInteger(value) && value > 0 ? value : undefined
  } catch {
    return undefined
  }
}

const incoming = (transfer: RoomTransfer): TransferView => ({
  transfer,
  direction: 'receiving',
  phase: 'requested',
  failure: null,
  speed: null,
  downloads: [],
  reconnecting: false,
  resumes: 0,
  noDirectConnection: false,
  asLink: null,
})

/** Picked files (from a folder they keep their path) in the order chosen. */
export function filesToSend(picked: File[]): FileToSend[] {
  return picked.map((file) => ({ name: file.webkitRelativePath || file.name, file }))
}

/**
 * The room transfer for an offer: one file as itself; several as their total size and their
 * names (folders first, joined by ', ', cut to fit), which the recipient sees before accepting.
 */
export function offerRequest(recipientId: string, offered: FileToSend[]) {
  const [first] = offered
  if (offered.length === 1 && first)
    return {
      recipient_id: recipientId,
      file_name: first.name,
      file_size: first.file.size,
      mime_type: first.file.type || undefined,
    }
  const folders = [...new Set(offered.map((f) => f.name.split('/')[0] ?? f.name))]
  let summary = folders.join(', ')
  if (summary.length > fileNameMaxLength) summary = `${summary.slice(0, fileNameMaxLength - 1)}…`
  return {
    recipient_id: recipientId,
    file_name: summary,
    file_size: offered.reduce((sum, f) => sum + f.file.size, 0),
  }
}
