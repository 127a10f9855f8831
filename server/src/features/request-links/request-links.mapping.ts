import type { ReceivedGroup, RequestListItem } from '@ferry/contracts/api/request-links'
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

export function toListItem(link: RequestLinkRow & { uploadsCount: number }): RequestListItem {
  return {
    request_id: link.id,
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
    })),
  }
}

/** What the uploader gave, as the Received Files card shows it after 'From: '. */
export function senderInfoOf(name: string | null, email: string | null): string {
  if (name && email) return `${name} <${email}>`
  return name ?? email ?? ''
}
