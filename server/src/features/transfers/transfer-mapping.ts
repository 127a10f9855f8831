import {
  type FileScanStatus,
  type ShareFile,
  type TrackedRecipient,
  type Transfer,
  type TransferFile,
  transferStatus,
} from '@ferry/contracts/api/transfers'
import { previewKindOf } from '@ferry/contracts/domain/preview-kind'
import { previewsApi } from '@ferry/contracts/routes/previews'
import { routePath } from '@ferry/contracts/routes/route'
import { shareApi } from '@ferry/contracts/routes/transfers'
import type { TransferAggregate, TransferFileRow, TransferRecipientRow } from './transfers.repository.js'

export const sharingUrl = (publicUrl: string, uniqueId: string) => `${publicUrl}/share/${uniqueId}`

/** A recipient's own link: the share page with their tracking id, which tells their views and downloads apart. */
export const personalLink = (origin: string, uniqueId: string, trackingId: string) =>
  `${sharingUrl(origin, uniqueId)}?t=${trackingId}`

/** Path of the share download route (relative, so it works whatever origin the browser used). */
export const shareDownloadPath = (uniqueId: string) => routePath(shareApi.download, { uniqueId })

export function toTransferFile(file: TransferFileRow): TransferFile {
  return {
    file_id: file.id,
    file_key: file.fileKey,
    file_name: file.fileName,
    file_size: file.fileSize,
    content_type: file.contentType,
    sha256: file.sha256 ?? null,
    scan_status: (file.scanStatus as FileScanStatus | null) ?? null,
    scan_signature: file.scanSignature ?? null,
  }
}

/** The virus scan's hold on a transfer (issue 24 item 7), null when none. */
export const scanHoldOf = (transfer: { scanHold: string | null }): Transfer['scan_hold'] =>
  transfer.scanHold === 'scanning' || transfer.scanHold === 'frozen' ? transfer.scanHold : null

/**
 * A file on the share page, with where to view it when the sender's plan has previews (issue 19).
 * The viewer is chosen by the type detected from the bytes, or the uploader's type until the
 * derivatives job read them; a file the browser cannot show is viewed through its derivative: an
 * image (TIFF, HEIC) through its screen-size rendition, an office document through its PDF.
 */
export function toShareFile(file: TransferFileRow, uniqueId: string, previews: boolean, dataRoom = false): ShareFile {
  // A data room shows only watermarked pages (issue 19 item 3): no preview, no thumbnail of the bytes.
  if (dataRoom) {
    const status = file.roomStatus === 'ready' || file.roomStatus === 'unsupported' ? file.roomStatus : 'pending'
    return {
      ...toTransferFile(file),
      // A viewer gets pages, never the bytes, so nothing of theirs to check against it.
      sha256: null,
      preview_kind: null,
      preview_url: null,
      thumbnail_url: null,
      data_room_pages: status === 'ready' ? file.roomPages : null,
      data_room_status: status,
    }
  }
  const kind = previews
    ? (previewKindOf(file.mediaType ?? file.contentType) ?? (file.previewKey ? previewKindOf(file.previewType) : null))
    : null
  const params = { uniqueId, fileId: file.id }
  return {
    ...toTransferFile(file),
    preview_kind: kind,
    preview_url: kind ? routePath(previewsApi.file, params) : null,
    thumbnail_url: previews && file.thumbnailKey ? routePath(previewsApi.thumbnail, params) : null,
    data_room_pages: null,
    data_room_status: null,
  }
}

export function statusOf({ transfer }: Pick<TransferAggregate, 'transfer'>, now: Date) {
  return transferStatus({ expires_at: transfer.expiresAt, deleted_at: transfer.deletedAt }, now)
}

/** The list and detail shape (spec/transfers.md §3 Transfer). */
export function toTransfer(aggregate: TransferAggregate, now: Date, publicUrl: string): Transfer {
  const { transfer, files, recipients } = aggregate
  const [first] = files
  return {
    id: transfer.id,
    user_id: transfer.userId,
    title: transfer.title,
    recipient_email: recipients[0]?.email ?? '',
    recipient_emails: recipients.map((r) => r.email),
    file_name: files.length === 1 && first ? first.fileName : `${files.length} files`,
    file_size: transfer.totalSize,
    download_count: transfer.downloadCount,
    created_at: transfer.createdAt.toISOString(),
    expires_at: transfer.expiresAt.toISOString(),
    message: transfer.message,
    unique_id: transfer.uniqueId,
    file_key: first?.fileKey ?? '',
    deleted_at: transfer.deletedAt?.toISOString() ?? null,
    files: files.map(toTransferFile),
    status: statusOf(aggregate, now),
    sharing_url: sharingUrl(publicUrl, transfer.uniqueId),
    has_password: transfer.passwordHash !== null,
    reminders: transfer.remindersEnabled,
    access: transfer.access === 'recipients' ? 'recipients' : 'link',
    max_downloads: transfer.maxDownloads,
    burn_after_download: transfer.burnAfterDownload,
    sftp_in_email: transfer.sftpInEmail,
    clean_data_room: transfer.cleanDataRoom,
    data_room_pdf_download: transfer.dataRoomPdfDownload,
    background_id: transfer.backgroundId,
    download_limit_reached: transfer.spentAt !== null,
    scan_hold: scanHoldOf(transfer),
  }
}

/** First character of the address, upper-cased (a code point, so an emoji stays whole). */
export const avatarLetter = (email: string) => (Array.from(email)[0] ?? '?').toUpperCase()

/** The sender's tracking list: who opened the link, and which files each downloaded. */
export function toTrackedRecipients(
  recipients: TransferRecipientRow[],
  files: TransferFileRow[],
  downloads: { recipientId: string; fileId: string }[],
): TrackedRecipient[] {
  const done = new Set(downloads.map((d) => `${d.recipientId}/${d.fileId}`))
  return recipients.map((r) => ({
    recipient_email: r.email,
    avatar_letter: avatarLetter(r.email),
    first_accessed_at: r.firstAccessedAt?.toISOString() ?? null,
    download_status: Object.fromEntries(files.map((f) => [f.id, done.has(`${r.id}/${f.id}`)])),
  }))
}
