import type { RoomMemberView, RoomTransfer } from '@ferry/contracts/api/rooms'
import type { RoomServerEvent } from '@ferry/contracts/realtime/room-events'
import { useCallback, useEffect, useRef, useState } from 'react'
import { roomsApi } from '../api/rooms-api.js'
import type { TransferFailure } from '../p2p/channel-protocol.js'
import { PeerTransfer, PeerTransferError } from '../p2p/peer-transfer.js'
import { megabytesPerSecond, type TransferProgress } from '../p2p/transfer-progress.js'
import type { SignallingClient } from '../realtime/signalling-client.js'

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
  progress: TransferProgress | null
  /** Why it failed: an engine reason, or the other party's words. */
  failure: string | null
  /** MB/s once completed. */
  speed: number | null
  /** The receiver's stored file, for Download. */
  downloadUrl: string | null
}

export type RoomTransferNotice =
  | { kind: 'request'; transfer: RoomTransfer }
  | { kind: 'response'; transfer: RoomTransfer; accepted: boolean }
  | { kind: 'completed'; transfer: RoomTransfer }
  | { kind: 'failed'; transfer: RoomTransfer; reason: string }
  | { kind: 'initiateFailed' }

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
  const files = useRef(new Map<string, File>())
  const engines = useRef(new Map<string, PeerTransfer>())
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
          progress: null,
          failure: null,
          speed: null,
          downloadUrl: null,
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
        onConnected: () => update(id, { phase: 'transferring' }),
        onProgress: (progress: TransferProgress) => update(id, { progress }),
      }
      const file = files.current.get(id)
      const engine =
        direction === 'sending' && file
          ? PeerTransfer.send({ ...common, file })
          : PeerTransfer.receive({ ...common, size: transfer.file_size, mimeType: transfer.mime_type })
      engines.current.set(id, engine)
      update(id, { phase: 'connecting' })
      engine.done.then(
        async (result) => {
          const speed = megabytesPerSecond(result.bytes, result.seconds)
          const downloadUrl = result.file ? URL.createObjectURL(result.file) : null
          update(id, { phase: 'completed', speed, downloadUrl })
          notifyRef.current({ kind: 'completed', transfer })
          if (direction === 'receiving')
            await roomsApi
              .reportStatus(id, { status: 'completed', transfer_speed: speed, sha256: result.sha256 }, guestToken)
              .catch(() => {})
        },
        (error: unknown) => {
          const reason: TransferFailure = error instanceof PeerTransferError ? error.reason : 'connection_failed'
          if (reason === 'canceled') return update(id, { phase: 'canceled' })
          update(id, { phase: 'failed', failure: reason })
          notifyRef.current({ kind: 'failed', transfer, reason })
          void report(id, 'error', reason)
        },
      )
      engine.done.finally(() => link.close()).catch(() => {})
    },
    [signalling, room.ice_servers, update, guestToken, report],
  )

  const sendFile = useCallback(
    async (recipientId: string, file: File) => {
      try {
        const transfer = await roomsApi.initiateTransfer(
          room.id,
          { recipient_id: recipientId, file_name: file.name, file_size: file.size, mime_type: file.type || undefined },
          guestToken,
        )
        files.current.set(transfer.transfer_id, file)
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

  const dismiss = useCallback((id: string) => {
    setViews(({ [id]: gone, ...rest }) => {
      if (gone?.downloadUrl) URL.revokeObjectURL(gone.downloadUrl)
      return rest
    })
    files.current.delete(id)
  }, [])

  const onRoomEvent = useCallback(
    (event: RoomServerEvent) => {
      if (event.type === 'transfer_request') {
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
    isActive: (view: TransferView) => active.includes(view.phase) || view.phase === 'waiting',
    sendFile,
    respond,
    cancel,
    dismiss,
    onRoomEvent,
  }
}

const incoming = (transfer: RoomTransfer): TransferView => ({
  transfer,
  direction: 'receiving',
  phase: 'requested',
  progress: null,
  failure: null,
  speed: null,
  downloadUrl: null,
})
