import type { ReceivedGroup, RequestListItem } from '@ferry/contracts/api/request-links'
import type { FileScanStatus } from '@ferry/contracts/api/transfers'
import type { ReceivedGroupWithFiles, RequestLinkRow } from './request-links.repository.js'

const iso = (date: Date) => date.toISOString()

export function guardrailsOf(link: RequestLinkRow) {
  return {
    max_files: link.maxFiles,
    max_total_bytes: link.maxTotalBytes,
    allowed_types: link.allowedTypes,
    require_sender: link.requireSender,
    name: link.name,
    message: link.message,
    single_upload: link.singleUpload,
    deactivated: link.deactivatedAt !== null,
  }
}

/** The address a requester shares, on `origin` (their organization's custom host, or Ferry's). */
export const uploadUrlOf = (origin: string, requestId: string) => `${origin}/upload/${encodeURIComponent(requestId)}`

export function toListItem(link: RequestLinkRow & { uploadsCount: number }, origin: string): RequestListItem {
  return {
    request_id: link.id,
    upload_url: uploadUrlOf(origin, link.id),
    created_at: iso(link.createdAt),
    expires_at: iso(link.expiresAt),
    completed: link.completedAt !== null,
    uploads_count: link.uploadsCount,
    ...guardrailsOf(link),
  }
}

export function toReceivedGroup({ group, files, requestName }: ReceivedGroupWithFiles): ReceivedGroup {
  return {
    id: group.id,
    request_id: group.requestId,
    request_name: requestName?.trim() || null,
    created_at: iso(group.createdAt),
    sender_info: group.senderInfo,
    sender_name: group.senderName,
    sender_email: group.senderEmail,
    available_until: group.purgeAfter && iso(group.purgeAfter),
    files_deleted: group.filesDeletedAt !== null,
    files: files.map((f) => ({
      id: f.id,
      file_name: f.fileName,
      file_size: f.fileSize,
      file_key: f.fileKey,
      content_type: f.contentType,
      sha256: f.sha256,
      scan_status: f.scanStatus as FileScanStatus | null,
      scan_signature: f.scanSignature,
    })),
  }
}

/** What the uploader gave, as the Received Files card shows it after 'From: '. */
export function senderInfoOf(name: string | null, email: string | null): string {
  if (name && email) return `${name} <${email}>`
  return name ?? email ?? ''
}
