import { randomBytes } from 'node:crypto'
import type { DataRoomLog, DataRoomView } from '@ferry/contracts/api/data-room'
import sharp from 'sharp'
import { BlobNotFoundError } from '../../../adapters/blob-store/blob-store.js'
import type { Deps } from '../../../deps.js'
import { AppError } from '../../../errors.js'
import { csvStream } from '../../../http/csv.js'
import type { TransferFileRow } from '../transfer-rows.js'
import { ruleError } from '../transfer-rules.js'
import type { TransfersService, Viewer } from '../transfers.service.js'
import { createDataRoomRepository } from './data-room.repository.js'
import { roomPageKey } from './data-room-keys.js'
import { watermarkPage } from './page-watermark.js'
import { imagePdf, stampPdf } from './watermarked-pdf.js'

const base32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** 8 base32 characters from 40 random bits: short enough to read off a photo of a page. */
export function newViewId(): string {
  const bytes = randomBytes(5)
  let bits = 0n
  for (const b of bytes) bits = (bits << 8n) | BigInt(b)
  let id = ''
  for (let i = 7; i >= 0; i--) id += base32[Number((bits >> BigInt(i * 5)) & 31n)]
  return id
}

const viewNotFound = () => new AppError('data_room_view_not_found', 404)
const pageNotFound = () => new AppError('data_room_page_not_found', 404)

/** Whether a file's pages may be viewed: 409 while they are being made, 415 when they never will be. */
function assertReady(file: TransferFileRow): asserts file is TransferFileRow & { roomPages: number } {
  if (file.roomStatus === 'unsupported') throw new AppError('data_room_unsupported', 415)
  if (file.roomStatus !== 'ready' || !file.roomPages) throw new AppError('data_room_not_ready', 409)
}

export const dataRoomCsvHeader = [
  'at',
  'action',
  'email',
  'recipient_id',
  'file_id',
  'file_name',
  'page',
  'view_id',
  'duration_ms',
] as const

/**
 * The clean data room (issue 19 item 3). Viewers (recipients with a verified grant, not revoked,
 * checked again on every request by transfers.roomViewer) start a view of a file and get its
 * pages one by one, each the clean raster with their address, the time and the view id
 * composited over it; every page sent and every PDF is appended to the log. The sender reads the
 * log (JSON or CSV) and revokes or restores a viewer.
 */
export function createDataRoomService(
  deps: Pick<Deps, 'blobs' | 'clock' | 'database' | 'logger'>,
  transfers: Pick<TransfersService, 'roomViewer' | 'roomOwner'>,
) {
  const repo = createDataRoomRepository(deps.database.db)

  async function readBlob(key: string): Promise<Buffer> {
    try {
      return Buffer.concat(await (await deps.blobs.read(key)).toArray())
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw ruleError('transfer_files_gone', 410)
      throw error
    }
  }

  function fileOf(files: TransferFileRow[], fileId: string) {
    const file = files.find((f) => f.id === fileId)
    if (!file) throw ruleError('transfer_file_not_found', 404)
    return file
  }

  /** The view as its viewer may use it now: theirs, on this transfer, its file still there and ready. */
  async function viewOf(uniqueId: string, viewId: string, page: number, grants: readonly string[]) {
    const room = await transfers.roomViewer(uniqueId, grants)
    const view = await repo.view(viewId)
    if (!view || view.transferId !== room.transfer.id || view.recipientId !== room.recipient.id) throw viewNotFound()
    const file = room.files.find((f) => f.id === view.fileId)
    if (!file) throw viewNotFound()
    assertReady(file)
    if (page > file.roomPages) throw pageNotFound()
    return { ...room, view, file }
  }

  async function openView(transferId: string, fileId: string, recipientId: string): Promise<string> {
    // 40 random bits: a clash is rare, and the primary key turns it into another draw.
    for (;;) {
      const id = newViewId()
      if (await repo.insertView({ id, transferId, fileId, recipientId, createdAt: deps.clock.now() })) return id
    }
  }

  return {
    /** POST …/room/files/{fileId}/views. */
    async startView(uniqueId: string, fileId: string, grants: readonly string[]): Promise<DataRoomView> {
      const room = await transfers.roomViewer(uniqueId, grants)
      const file = fileOf(room.files, fileId)
      assertReady(file)
      return {
        view_id: await openView(room.transfer.id, file.id, room.recipient.id),
        pages: file.roomPages,
        page_width: file.roomPageWidth ?? 1,
        page_height: file.roomPageHeight ?? 1,
      }
    },

    /** GET …/room/views/{viewId}/pages/{n}: the watermarked page, logged before it is sent. */
    async page(uniqueId: string, viewId: string, page: number, grants: readonly string[]): Promise<Buffer> {
      const { transfer, recipient, file } = await viewOf(uniqueId, viewId, page, grants)
      const clean = await readBlob(roomPageKey(file.fileKey, page))
      const at = deps.clock.now()
      const image = await watermarkPage(clean, { email: recipient.email, at, viewId })
      await repo.append({
        transferId: transfer.id,
        at,
        action: 'page',
        recipientId: recipient.id,
        email: recipient.email,
        fileId: file.id,
        fileName: file.fileName,
        page,
        viewId,
      })
      return image
    },

    /** POST …/pages/{n}/seen: the time on screen, a row of its own (the log is never updated). */
    async seen(uniqueId: string, viewId: string, page: number, durationMs: number, grants: readonly string[]) {
      const { transfer, recipient, file } = await viewOf(uniqueId, viewId, page, grants)
      await repo.append({
        transferId: transfer.id,
        at: deps.clock.now(),
        action: 'seen',
        recipientId: recipient.id,
        email: recipient.email,
        fileId: file.id,
        fileName: file.fileName,
        page,
        viewId,
        durationMs,
      })
    },

    /**
     * GET …/room/files/{fileId}/watermarked.pdf: only when the sender allowed it. A PDF's own
     * pages or an office document's converted PDF, or an image's clean raster as one page; every
     * page stamped, no metadata. Logged as 'pdf' with a view id of its own.
     */
    async watermarkedPdf(uniqueId: string, fileId: string, grants: readonly string[]) {
      const { transfer, recipient, files } = await transfers.roomViewer(uniqueId, grants)
      if (!transfer.dataRoomPdfDownload) throw new AppError('data_room_view_only', 403)
      const file = fileOf(files, fileId)
      assertReady(file)
      const at = deps.clock.now()
      const viewId = await openView(transfer.id, file.id, recipient.id)
      const stamp = { recipientId: recipient.id, email: recipient.email, viewId, at }
      let pdf: Uint8Array
      try {
        pdf = file.roomPdfKey
          ? await stampPdf(await readBlob(file.roomPdfKey), stamp)
          : await imagePdf(
              await sharp(await readBlob(roomPageKey(file.fileKey, 1)))
                .png()
                .toBuffer(),
              stamp,
            )
      } catch (error) {
        if (error instanceof AppError) throw error
        // An encrypted or malformed PDF pdf-lib cannot rewrite: the room still shows its pages.
        deps.logger.info({ err: error, fileId: file.id }, 'Could not stamp a data-room PDF')
        throw new AppError('data_room_unsupported', 415)
      }
      await repo.append({
        transferId: transfer.id,
        at,
        action: 'pdf',
        recipientId: recipient.id,
        email: recipient.email,
        fileId: file.id,
        fileName: file.fileName,
        viewId,
      })
      return { pdf: Buffer.from(pdf), fileName: `${file.fileName.replace(/\.[^.]*$/, '')}.pdf` }
    },

    /** GET /api/transfers/{id}/room/log: the viewers and one page of entries, newest first. */
    async log(viewer: Viewer, id: string, query: { before?: string; limit: number }): Promise<DataRoomLog> {
      const found = await transfers.roomOwner(viewer, id)
      const before = query.before === undefined ? undefined : Number(query.before)
      const rows = await repo.entries(found.transfer.id, { before, limit: query.limit + 1 })
      const entries = rows.slice(0, query.limit)
      const viewers = await repo.viewers(found.transfer.id)
      return {
        viewers: viewers.map((v) => ({
          recipient_id: v.recipientId,
          email: v.email,
          revoked_at: v.revokedAt?.toISOString() ?? null,
          last_seen_at: v.lastSeenAt ? new Date(v.lastSeenAt).toISOString() : null,
          pages_viewed: v.pagesViewed,
        })),
        entries: entries.map((e) => ({
          at: e.at.toISOString(),
          email: e.email,
          recipient_id: e.recipientId,
          file_id: e.fileId,
          file_name: e.fileName,
          page: e.page,
          view_id: e.viewId,
          duration_ms: e.durationMs,
          action: e.action === 'pdf' ? 'pdf' : 'page',
        })),
        next_before: rows.length > query.limit ? String(entries.at(-1)!.id) : null,
      }
    },

    /** GET /api/transfers/{id}/room/log.csv: every entry, newest first, read in pages as it streams. */
    async logCsv(viewer: Viewer, id: string) {
      const found = await transfers.roomOwner(viewer, id)
      const transferId = found.transfer.id
      async function* pages() {
        let before: number | undefined
        for (;;) {
          const page = await repo.entries(transferId, { before, limit: 500 })
          yield page.map((e) => [
            e.at.toISOString(),
            e.action,
            e.email,
            e.recipientId,
            e.fileId,
            e.fileName,
            e.page,
            e.viewId,
            e.durationMs,
          ])
          if (page.length < 500) return
          before = page.at(-1)!.id
        }
      }
      return {
        fileName: `data-room-log-${found.transfer.uniqueId.slice(0, 8)}.csv`,
        csv: csvStream(dataRoomCsvHeader, pages()),
      }
    },

    /** POST (revoked) and DELETE (restored) /api/transfers/{id}/room/viewers/{recipientId}/revoke. */
    async setRevoked(viewer: Viewer, id: string, recipientId: string, revoked: boolean): Promise<void> {
      const found = await transfers.roomOwner(viewer, id)
      const current = found.recipients.find((r) => r.id === recipientId)
      if (!current) throw new AppError('not_found', 404)
      // Revoking twice keeps the first time.
      if (revoked && current.roomRevokedAt) return
      await repo.setRevoked(found.transfer.id, recipientId, revoked ? deps.clock.now() : null)
    },
  }
}

export type DataRoomService = ReturnType<typeof createDataRoomService>
