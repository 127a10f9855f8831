import { z } from 'zod'
import { plainText } from '../domain/text.js'
import { brandingSchema } from './branding.js'
import { page } from './pagination.js'
import { fileScanStatus, uploadedFileRecord } from './transfers.js'

/**
 * Upload-request links (spec/transfers.md §2, §3, §7); their routes are in contracts/src/routes/request-links.ts.
 * `:requestId` is the link's capability (192 random bits, base64url): whoever holds /upload/{requestId}
 * may upload to it.
 */

/** spec/transfers.md §5 / §9: link expiry in days. */
export const requestExpiryDays = { min: 1, max: 30, default: 7 } as const

/** The presets the create form offers beside its number input. */
export const requestExpiryPresets = [1, 3, 7, 14, 30] as const

const expiryMessage = `The expiry must be a whole number of days from ${requestExpiryDays.min} to ${requestExpiryDays.max}.`

/**
 * A link's expiry in whole days, 1 to 30 (issue 17): anything else (0, 31, "abc", 2.5) is refused
 * with one clear message instead of being clamped, on the server and in the form alike.
 */
export const expiryDaysSchema = z
  .number({ error: expiryMessage })
  .int({ error: expiryMessage })
  .min(requestExpiryDays.min, { error: expiryMessage })
  .max(requestExpiryDays.max, { error: expiryMessage })

/** The form's check of what was typed: the days, or null when it is not a whole number in 1..30. */
export function parseExpiryDays(value: string): number | null {
  if (!/^\s*\d+\s*$/.test(value)) return null
  const parsed = expiryDaysSchema.safeParse(Number(value))
  return parsed.success ? parsed.data : null
}

export const requestNameMax = 120
export const requestMessageMax = 1000

const optionalText = (what: string, max: number) =>
  plainText(z.string().trim().max(max, `${what} is too long (at most ${max} characters).`), what, { shown: true })
    .nullish()
    .transform((v) => v || null)

/** What the visitor reads on the upload page: what the link is for, and a message from its owner. */
export const requestDescription = z.object({
  name: optionalText('The name', requestNameMax),
  message: optionalText('The message', requestMessageMax),
})

export const requireSenderValues = ['none', 'name', 'email'] as const
export type RequireSender = (typeof requireSenderValues)[number]

export const maxAllowedTypes = 50

/**
 * An allowed-type entry, normalised: a MIME type or prefix with a slash ('image/', 'application/pdf';
 * 'image/*' becomes 'image/'), or an extension with its dot ('pdf', '*.PDF' become '.pdf').
 */
export function normalizeAllowedType(entry: string): string {
  const value = entry.trim().toLowerCase()
  if (value.includes('/')) return value.endsWith('/*') ? value.slice(0, -1) : value
  return `.${value.replace(/^\*?\.?/, '')}`
}

/** Whether a file of this name and content type is one of `allowed` (normalised entries; empty = any). */
export function typeAllowed(allowed: readonly string[], fileName: string, contentType: string): boolean {
  if (allowed.length === 0) return true
  const name = fileName.toLowerCase()
  const type = contentType.toLowerCase().split(';')[0]!.trim()
  return allowed.some((entry) =>
    entry.includes('/') ? (entry.endsWith('/') ? type.startsWith(entry) : type === entry) : name.endsWith(entry),
  )
}

const allowedTypeEntry = z
  .string()
  .trim()
  .min(1, 'An allowed file type is empty.')
  .max(100, 'An allowed file type is too long.')
  .regex(
    /^(\*?\.?[A-Za-z0-9_+-]+(\.[A-Za-z0-9_+-]+)*|[A-Za-z0-9.+-]+\/([A-Za-z0-9.+-]+|\*)?)$/,
    'An allowed file type is not valid.',
  )
  .transform(normalizeAllowedType)

/** The guardrails a requester may set on a link; all optional (null = no limit). */
export const requestGuardrails = z.object({
  max_files: z
    .int()
    .min(1)
    .max(10_000)
    .nullish()
    .transform((v) => v ?? null),
  max_total_bytes: z
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  allowed_types: z
    .array(allowedTypeEntry)
    .max(maxAllowedTypes)
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
  require_sender: z
    .enum(requireSenderValues)
    .nullish()
    .transform((v) => v ?? 'none'),
})

/**
 * POST /file-request/create. `expires_in_days` defaults to 7; `single_upload` closes the link after
 * its first upload (otherwise it stays open for everyone who has it until it expires, reaches a
 * limit or its owner closes it).
 */
export const requestCreateRequest = requestGuardrails.extend(requestDescription.shape).extend({
  expires_in_days: expiryDaysSchema.default(requestExpiryDays.default),
  single_upload: z.boolean().default(false),
})
export type RequestCreateRequest = z.input<typeof requestCreateRequest>
export type RequestCreateInput = z.output<typeof requestCreateRequest>

/**
 * The address a requester shares: {origin}/upload/{request_id}, on their organization's verified
 * custom domain when it has one (issue 22 item 2), else on Ferry's own address.
 */
const uploadUrl = z.string()

export const requestCreateResponse = z.object({
  request_id: z.string(),
  expires_at: z.iso.datetime({ offset: true }),
  upload_url: uploadUrl,
})
export type RequestCreateResponse = z.infer<typeof requestCreateResponse>

export const requestIdParams = z.object({
  requestId: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'The request id is not valid.'),
})

const isoDate = z.iso.datetime({ offset: true })

const guardrailFields = {
  max_files: z.int().nullable(),
  max_total_bytes: z.int().nullable(),
  allowed_types: z.array(z.string()),
  require_sender: z.enum(requireSenderValues),
  name: z.string().nullable(),
  message: z.string().nullable(),
  single_upload: z.boolean(),
  /** The owner closed the link (it can be opened again until it expires). */
  deactivated: z.boolean(),
}

/**
 * PATCH /api/file-requests/{id}: the owner's changes; every field optional. `active` false closes the
 * link at once for everyone, true opens it again (not past its expiry); `expires_in_days` counts from now.
 */
export const requestUpdateRequest = z
  .object({
    name: requestDescription.shape.name.optional(),
    message: requestDescription.shape.message.optional(),
    expires_in_days: expiryDaysSchema.optional(),
    max_files: requestGuardrails.shape.max_files.optional(),
    max_total_bytes: requestGuardrails.shape.max_total_bytes.optional(),
    allowed_types: requestGuardrails.shape.allowed_types.optional(),
    require_sender: requestGuardrails.shape.require_sender.optional(),
    single_upload: z.boolean().optional(),
    active: z.boolean().optional(),
  })
  .strict()
export type RequestUpdateRequest = z.input<typeof requestUpdateRequest>
export type RequestUpdateInput = z.output<typeof requestUpdateRequest>

/** GET /api/file-request/{id} (spec/transfers.md §3 File request info), plus what the upload page shows and checks. */
export const requestInfoResponse = z.object({
  request_id: z.string(),
  completed: z.boolean(),
  expires_at: isoDate,
  ...guardrailFields,
  /** Who is asking: the owner's account name. */
  owner_name: z.string(),
  /** Files and bytes already received on this link (the guardrails count them). */
  files_received: z.int().nonnegative(),
  bytes_received: z.int().nonnegative(),
  /** The most bytes one upload may still total (guardrail remainder and the requester's plan); null = no limit. */
  max_upload_bytes: z.int().nonnegative().nullable(),
  /** The requester's organization's stylesheet and background (issue 22 items 3, 4), or null. */
  branding: brandingSchema,
})
export type RequestInfo = z.infer<typeof requestInfoResponse>

/** The 410 of GET /api/file-request/{id}: the error body plus the date the page shows. */
export const requestExpiredResponse = z.object({ detail: z.string(), code: z.string(), expires_at: isoDate })

const senderText = (what: string, max: number) =>
  plainText(z.string().trim().max(max, `${what} is too long.`), what, { shown: true })
    .nullish()
    .transform((v) => v || null)

/** POST /api/file-request/{id}/upload: keys uploaded with this request_id, and who sends them. */
export const requestUploadRequest = z.object({
  files: z.array(uploadedFileRecord).max(10_000).default([]),
  sender_name: senderText('The name', 200),
  sender_email: senderText('The email address', 254),
})
export type RequestUploadRequest = z.input<typeof requestUploadRequest>
export type RequestUploadInput = z.output<typeof requestUploadRequest>

export const receivedFileSchema = z.object({
  id: z.uuid(),
  file_name: z.string(),
  file_size: z.int().nonnegative(),
  file_key: z.string(),
  content_type: z.string(),
  /** The bytes' SHA-256 (hex), null until the digest job ran (issue 24 item 1). */
  sha256: z.string().nullable(),
  /** The virus scan's verdict, null without a scanner; as a transfer file's (docs/decisions/0039). */
  scan_status: fileScanStatus.nullable(),
  /** What clamd found in an `infected` file, else null. */
  scan_signature: z.string().nullable(),
})
export type ReceivedFile = z.infer<typeof receivedFileSchema>

/** spec/transfers.md §3 Received file group, plus who sent it and how long its files are kept. */
export const receivedGroupSchema = z.object({
  id: z.uuid(),
  request_id: z.string(),
  /** The name of the link the files came through; null when the link has none. */
  request_name: z.string().nullable(),
  created_at: isoDate,
  /** What the uploader gave ('Name <email>', a name, an email), or '' when nothing. */
  sender_info: z.string(),
  sender_name: z.string().nullable(),
  sender_email: z.string().nullable(),
  /** When the files are deleted (the requester's plan retention); null = kept. */
  available_until: isoDate.nullable(),
  /** The files' bytes were deleted (retention passed): downloads answer 410. */
  files_deleted: z.boolean(),
  files: z.array(receivedFileSchema),
})
export type ReceivedGroup = z.infer<typeof receivedGroupSchema>
/** GET /received-files: one page, newest first (`pageQuery`). */
export const receivedGroupsResponse = page(receivedGroupSchema)
export type ReceivedGroupList = z.infer<typeof receivedGroupsResponse>

export const requestUploadResponse = z.object({ message: z.string(), group: receivedGroupSchema })
export type RequestUploadResponse = z.infer<typeof requestUploadResponse>

/** Whether the link is now closed: only a single-upload link closes; a shared link stays open for others. */
export const requestCompleteResponse = z.object({ completed: z.boolean() })

/** spec/transfers.md §3 List item; status follows requestLinkStatus. */
export const requestListItemSchema = z.object({
  request_id: z.string(),
  created_at: isoDate,
  expires_at: isoDate,
  completed: z.boolean(),
  /** Files received on this link, over all its uploads. */
  uploads_count: z.int().nonnegative(),
  upload_url: uploadUrl,
  ...guardrailFields,
})
export type RequestListItem = z.infer<typeof requestListItemSchema>
/** GET /file-requests: one page, newest first (`pageQuery`). */
export const requestListResponse = page(requestListItemSchema)
export type RequestList = z.infer<typeof requestListResponse>

export const receivedFileIdParams = z.object({ fileId: z.uuid() })
export const receivedGroupIdParams = z.object({ groupId: z.uuid() })

export type RequestLinkStatus = 'closed' | 'completed' | 'expired' | 'active'

/**
 * spec/transfers.md §4: Closed if its owner closed it, else Completed (a single-upload link that got
 * its upload), else Expired once expires_at passed, else Active.
 */
export function requestLinkStatus(
  link: { completed: boolean; deactivated: boolean; expires_at: string | Date },
  now: Date,
): RequestLinkStatus {
  if (link.deactivated) return 'closed'
  if (link.completed) return 'completed'
  return new Date(link.expires_at).getTime() <= now.getTime() ? 'expired' : 'active'
}
