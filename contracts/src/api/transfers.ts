import { z } from 'zod'
import { plainText } from '../domain/text.js'
import { brandingSchema } from './branding.js'
import { page, pageQuery } from './pagination.js'

/** Hours a recovery payment adds, and the grace after expiry in which it is offered (spec/transfers.md §9, product.md §3). */
export const recoveryExtensionHours = 7 * 24
/** Expiry for plans without a maximum (null = unlimited): the default and the longest a sender may choose. */
export const unlimitedPlanDefaultExpiryHours = 30 * 24
export const unlimitedPlanMaxExpiryHours = 365 * 24

export const titleMaxLength = 255
/** A transfer password (plan flag password_protection): a passphrase may be long, never empty. */
export const transferPasswordMinLength = 4
export const transferPasswordMaxLength = 256
export const messageMaxLength = 10_000
/** A download limit: completed downloads after which the files go (issue 18 item 2). */
export const maxDownloadsMin = 1
export const maxDownloadsMax = 100
export const recipientEmailMaxLength = 254

/** spec/transfers.md §5: text, an at sign, text, a dot, text. */
export const recipientEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** spec/transfers.md §5: recipient input is split on commas, semicolons or whitespace, trimmed and lower-cased. */
export function splitRecipientInput(input: string): string[] {
  return input
    .split(/[,;\s]+/)
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '')
}

/** Why a recipient list is refused, with the value or limit the message names. */
export type RecipientProblem =
  | { code: 'recipient_required' }
  | { code: 'recipient_invalid'; value: string }
  | { code: 'recipient_duplicate'; value: string }
  | { code: 'recipients_too_many'; n: number }

/**
 * The rules of spec/transfers.md §5 for a list of recipients (already split and lower-cased), in the order
 * the form checks them; the first problem, or null when the list may be sent. The server
 * applies the same function, so the browser's refusal and the server's agree.
 */
export function recipientProblem(emails: readonly string[], maxRecipients: number): RecipientProblem | null {
  if (emails.length === 0) return { code: 'recipient_required' }
  const seen = new Set<string>()
  for (const email of emails) {
    if (email.length > recipientEmailMaxLength || !recipientEmailPattern.test(email)) {
      return { code: 'recipient_invalid', value: email }
    }
    if (seen.has(email)) return { code: 'recipient_duplicate', value: email }
    seen.add(email)
  }
  if (emails.length > maxRecipients) return { code: 'recipients_too_many', n: maxRecipients }
  return null
}

/** A transfer's state (spec/transfers.md §4): deleted wins over expired. */
export type TransferStatus = 'active' | 'expired' | 'deleted'

export function transferStatus(
  transfer: { expires_at: string | Date; deleted_at: string | Date | null },
  now: Date,
): TransferStatus {
  if (transfer.deleted_at !== null) return 'deleted'
  return new Date(transfer.expires_at).getTime() <= now.getTime() ? 'expired' : 'active'
}

const isoDate = z.iso.datetime({ offset: true })

/** An uploaded file record (spec/transfers.md §3), as the presign or multipart flow gave its key. */
export const uploadedFileRecord = z.object({
  file_key: plainText(
    z.string({ error: 'A file key is required.' }).min(1, 'A file key is required.').max(512),
    'A file key',
  ),
  file_name: plainText(z.string().max(1024), 'The file name', { shown: true }).optional(),
  file_size: z.number().int().nonnegative().optional(),
})
export type UploadedFileRecord = z.infer<typeof uploadedFileRecord>

/** A transfer password as the sender types it (not trimmed: spaces may be part of a passphrase). */
export const transferPassword = z
  .string({ error: 'The password must be text.' })
  .min(transferPasswordMinLength, `The password must have at least ${transferPasswordMinLength} characters.`)
  .max(transferPasswordMaxLength, `The password must be at most ${transferPasswordMaxLength} characters.`)

/** A download limit as the sender sets it: a whole number from 1 to 100 (null: no limit). */
export const maxDownloads = z
  .int({ error: 'The download limit must be a whole number.' })
  .min(maxDownloadsMin, `The download limit must be at least ${maxDownloadsMin}.`)
  .max(maxDownloadsMax, `The download limit must be at most ${maxDownloadsMax}.`)

/**
 * Who may open a transfer's files besides its sender (issue 18 item 3): `link`, anyone with the
 * link (the default); `recipients`, only a recipient who confirms a code emailed to their address.
 * Every plan may choose either.
 */
export const transferAccessModes = ['link', 'recipients'] as const
export const transferAccess = z.enum(transferAccessModes, { error: 'Access is "link" or "recipients".' })
export type TransferAccess = z.infer<typeof transferAccess>

/**
 * POST /api/transfers (spec/transfers.md §3 Transfer create payload). The rules with the spec's messages
 * (at least one file, recipients, plan limits) are the server's, so its answer carries them;
 * this schema only bounds the shape. `recipient_emails` wins; `recipient_email` is used when
 * the list is empty (the single-field form of a 1-recipient plan).
 */
export const transferCreateRequest = z.object({
  files: z.array(uploadedFileRecord).default([]),
  // Recipients may come one a line: line breaks and tabs separate them.
  recipient_emails: z
    .array(plainText(z.string().max(10_000), 'A recipient', { multiline: true }))
    .max(1000)
    .default([]),
  recipient_email: plainText(z.string().max(10_000), 'A recipient', { multiline: true }).nullish(),
  title: plainText(
    z.string().max(titleMaxLength, `The title must be at most ${titleMaxLength} characters.`),
    'The title',
    { shown: true },
  )
    .nullish()
    .transform((v) => v ?? ''),
  message: plainText(
    z.string().max(messageMaxLength, `The message must be at most ${messageMaxLength} characters.`),
    'The message',
    { multiline: true },
  )
    .nullish()
    .transform((v) => v ?? ''),
  /** Hours until it expires; at most the plan's max_transfer_expiry_hours. Default: the plan maximum. */
  expires_in_hours: z.int().positive().nullish(),
  /**
   * Guards the bytes with a password (plan flag password_protection, else 403
   * plan_feature_missing); null or absent for none. Stored only as an argon2id hash.
   */
  password: transferPassword.nullish(),
  /**
   * Whether recipients who have not downloaded get one reminder e-mail 24 hours before expiry
   * (issue 18 item 6). Default true.
   */
  reminders: z.boolean().optional(),
  /** `link` (default) or `recipients`: only the recipients, each after a code sent to their address. */
  access: transferAccess.optional(),
  /**
   * Completed downloads (by anyone but the sender) after which every download answers 410
   * download_limit_reached and the files are deleted; null or absent for no limit.
   */
  max_downloads: maxDownloads.nullish(),
  /** Delete the files once every recipient has completed a download of every file. Default false. */
  burn_after_download: z.boolean({ error: 'burn_after_download must be true or false.' }).optional(),
  /**
   * Put the transfer's read-only SFTP login (host, port, user name, password) in the recipients'
   * emails (plan flag sftp_download, else 403 plan_feature_missing). Default false.
   */
  sftp_in_email: z.boolean({ error: 'sftp_in_email must be true or false.' }).optional(),
  /**
   * A clean data room (issue 19 item 3; plan flag max_document_features.clean_data_room, else 403
   * plan_feature_missing): recipients view watermarked page images and never get the bytes. Needs
   * access 'recipients' (set when access is omitted; 422 data_room_needs_recipients with 'link' or
   * without recipients). Default false.
   */
  clean_data_room: z.boolean({ error: 'clean_data_room must be true or false.' }).optional(),
  /** In a data room, verified viewers may download a PDF stamped with their id. Default false. */
  data_room_pdf_download: z.boolean({ error: 'data_room_pdf_download must be true or false.' }).optional(),
  /**
   * The background recipients see behind the share page (issue 22 item 3; plan flag
   * custom_background, else 403 plan_feature_missing): the id of one of the sender's organization's
   * backgrounds (422 background_not_found otherwise); null or omitted rotates among them.
   */
  background_id: z.uuid({ error: 'background_id must be the id of one of your organization’s backgrounds.' }).nullish(),
})
export type TransferCreateRequest = z.input<typeof transferCreateRequest>
export type TransferCreateInput = z.output<typeof transferCreateRequest>

export const transferCreateResponse = z.object({
  sharing_url: z.string(),
  message: z.string(),
  id: z.uuid(),
  unique_id: z.string(),
  expires_at: isoDate,
})
export type TransferCreateResponse = z.infer<typeof transferCreateResponse>

/**
 * PATCH /api/transfers/{id}: the owner changes what recipients see or how the bytes are guarded.
 * Only the fields given change; `password: null` removes the password, a string sets or changes
 * it (plan flag password_protection). Any change of the password revokes every grant given so far.
 */
export const transferUpdateRequest = z
  .object({
    title: transferCreateRequest.shape.title.optional(),
    message: transferCreateRequest.shape.message.optional(),
    password: transferPassword.nullable().optional(),
    reminders: z.boolean().optional(),
    /**
     * A new expiry, in hours from now, up to the plan's maximum (422 transfer_expiry_too_long
     * beyond). Extending it emails each recipient the new date once; an expired transfer cannot be
     * changed here (409 transfer_expired_not_editable: recovery is the paid way back, product.md §3).
     */
    expires_in_hours: z.int().positive().optional(),
    /**
     * The full new list of recipients (split, lower-cased and checked as on create, plan limits
     * included). New ones get their email with a personal link; removed ones lose theirs at once.
     */
    recipient_emails: transferCreateRequest.shape.recipient_emails.removeDefault().optional(),
    access: transferAccess.optional(),
    max_downloads: maxDownloads.nullable().optional(),
    burn_after_download: transferCreateRequest.shape.burn_after_download,
    /** Emails sent from now on (to new recipients) carry the SFTP login, or stop carrying it. */
    sftp_in_email: transferCreateRequest.shape.sftp_in_email,
    /** Turns the data room on or off (same rules as on create); the log is kept either way. */
    clean_data_room: transferCreateRequest.shape.clean_data_room,
    data_room_pdf_download: transferCreateRequest.shape.data_room_pdf_download,
    /** A background of the organization's (same rules as on create), or null to rotate again. */
    background_id: transferCreateRequest.shape.background_id,
  })
  .strict()
export type TransferUpdateRequest = z.input<typeof transferUpdateRequest>
export type TransferUpdateInput = z.output<typeof transferUpdateRequest>

/**
 * POST /api/transfers/{id}/files: uploads (through the usual presign or multipart flow) attached to a
 * live transfer; the plan's size limits apply to the new total.
 */
export const transferFilesAddRequest = z.object({
  files: z.array(uploadedFileRecord).max(1000),
})
export type TransferFilesAddRequest = z.infer<typeof transferFilesAddRequest>

/** DELETE /api/transfers/{id}/files/{fileId}. */
export const transferFileParams = z.object({ id: z.string().max(100), fileId: z.string().max(100) })

/** POST /api/share/{uniqueId}/unlock: the password, in the body only (never in the URL). */
export const shareUnlockRequest = z.object({
  password: z.string({ error: 'Please enter the password.' }).min(1, 'Please enter the password.').max(1024),
})
export type ShareUnlockRequest = z.infer<typeof shareUnlockRequest>

const verificationEmail = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .toLowerCase()
  .max(recipientEmailMaxLength, 'Please enter a valid email address.')
  .regex(recipientEmailPattern, 'Please enter a valid email address.')

/**
 * POST /api/share/{uniqueId}/verification: the address a recipient of a transfer open only to its
 * recipients asks a code for. The answer is the same whether or not it is a recipient's.
 */
export const shareVerificationRequest = z.object({ email: verificationEmail })
export type ShareVerificationRequest = z.input<typeof shareVerificationRequest>

/** POST /api/share/{uniqueId}/verification/confirm: the address and the 6-digit code emailed to it. */
export const shareVerificationConfirmRequest = z.object({
  email: verificationEmail,
  code: z
    .string({ error: 'The code is the 6 digits from the email.' })
    .trim()
    .regex(/^\d{6}$/, 'The code is the 6 digits from the email.'),
})
export type ShareVerificationConfirmRequest = z.input<typeof shareVerificationConfirmRequest>

/**
 * The header an API client sends a grant in (the browser sends the grant cookie instead): the
 * unlock answer carries it in this same header.
 */
export const accessGrantHeader = 'X-Ferry-Grant'

/**
 * 401 from GET /api/share/{uniqueId} for a protected transfer without a grant: only what the
 * recipient needs to recognise it (title and sender's name) and what opens it (`code`).
 */
export const shareLockedResponse = z.object({
  detail: z.string(),
  code: z.enum(['password_required', 'verification_required']),
  transfer: z.object({ title: z.string() }),
  sender: z.object({ name: z.string() }),
})
export type ShareLockedResponse = z.infer<typeof shareLockedResponse>

/** A stored file's virus scan (issue 24 item 7, docs/decisions/0039). */
export const fileScanStatus = z.enum(['pending', 'clean', 'infected', 'not_scanned'])
export type FileScanStatus = z.infer<typeof fileScanStatus>

/**
 * A transfer held by the virus scan: `scanning` while a file waits for the scanner (recipients see
 * no file, get no email and cannot download), `frozen` once one is infected (nobody downloads it;
 * an admin deletes or releases it).
 */
export const transferScanHold = z.enum(['scanning', 'frozen'])
export type TransferScanHold = z.infer<typeof transferScanHold>

/** A file in a transfer (spec/transfers.md §3). */
export const transferFileSchema = z.object({
  file_id: z.uuid(),
  file_key: z.string(),
  file_name: z.string(),
  file_size: z.int().nonnegative(),
  content_type: z.string(),
  /**
   * The stored bytes' SHA-256 in lowercase hex (issue 24), null until the server has read the file
   * through once, shortly after upload (and always in a clean data room, which sends no bytes).
   */
  sha256: z.string().nullable(),
  /**
   * The virus scan (issue 24 item 7), null when the server has no scanner (CLAMAV_URL): `pending`
   * until clamd answered; `not_scanned` when the file is past clamd's size limit (never called clean).
   */
  scan_status: fileScanStatus.nullable(),
  /** What clamd found in an `infected` file, else null. */
  scan_signature: z.string().nullable(),
})
export type TransferFile = z.infer<typeof transferFileSchema>

/** Whether a file's data-room pages exist: made once after upload; `unsupported` when its type cannot be shown. */
export const dataRoomStatus = z.enum(['ready', 'pending', 'unsupported'])
export type DataRoomStatus = z.infer<typeof dataRoomStatus>

/**
 * A file as the share page gets it: with where to view it (issue 19). Both URLs are null when the
 * sender's plan lacks `document_preview`; `preview_url` also when the browser cannot show the
 * type, `thumbnail_url` until a thumbnail was made (images).
 */
export const shareFileSchema = transferFileSchema.extend({
  preview_kind: z.enum(['image', 'video', 'audio', 'pdf', 'text']).nullable(),
  preview_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  /**
   * In a clean data room (both URLs above are then null): the file's number of room pages, null
   * while they are being rendered or when the room cannot show its type; null outside a data room.
   */
  data_room_pages: z.int().positive().nullable(),
  /** In a clean data room, whether its pages can be viewed; null outside a data room. */
  data_room_status: dataRoomStatus.nullable(),
})
export type ShareFile = z.infer<typeof shareFileSchema>

/** A transfer in the lists and the detail view (spec/transfers.md §3 Transfer), plus its status and link. */
export const transferSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid().nullable(),
  title: z.string(),
  /** The first recipient. */
  recipient_email: z.string(),
  recipient_emails: z.array(z.string()),
  /** The only file's name, or 'N files'. */
  file_name: z.string(),
  /** Total bytes of all files. */
  file_size: z.int().nonnegative(),
  download_count: z.int().nonnegative(),
  created_at: isoDate,
  expires_at: isoDate,
  message: z.string(),
  unique_id: z.string(),
  /** The first file's key. */
  file_key: z.string(),
  deleted_at: isoDate.nullable(),
  files: z.array(transferFileSchema),
  status: z.enum(['active', 'expired', 'deleted']),
  /** `${PUBLIC_URL}/share/{unique_id}`. */
  sharing_url: z.string(),
  /** Whether recipients must enter a password (never the password itself). */
  has_password: z.boolean(),
  /** `link`: anyone with the link; `recipients`: only the recipients, after an emailed code. */
  access: transferAccess,
  /** Whether recipients who have not downloaded get a reminder 24 hours before expiry. */
  reminders: z.boolean(),
  /** Completed downloads allowed (1 to 100), or null for no limit; `download_count` is how many so far. */
  max_downloads: z.int().nullable(),
  /** Whether the files go once every recipient has completed a download. */
  burn_after_download: z.boolean(),
  /** Whether the limit was reached (or every recipient downloaded a burning transfer): the files are gone. */
  download_limit_reached: z.boolean(),
  /** Whether the recipients' emails carry the transfer's SFTP login. */
  sftp_in_email: z.boolean(),
  /** A clean data room: recipients view watermarked pages only (issue 19 item 3). */
  clean_data_room: z.boolean(),
  /** In a data room, whether verified viewers may download a watermarked PDF. */
  data_room_pdf_download: z.boolean(),
  /** The background the sender chose for recipients, or null: the organization's rotation. */
  background_id: z.uuid().nullable(),
  /** Held by the virus scan (`scanning`, `frozen`), or null when it may be downloaded. */
  scan_hold: transferScanHold.nullable(),
})
export type Transfer = z.infer<typeof transferSchema>
/** GET /api/transfers and /api/admin/transfers: one page, newest first (`pageQuery`). */
export const transferListResponse = page(transferSchema)
export type TransferList = z.infer<typeof transferListResponse>

/** GET /api/admin/transfers: each transfer with whose it is (issue 17 item 9). */
export const adminTransferSchema = transferSchema.extend({
  owner_email: z.string().nullable(),
  owner_name: z.string().nullable(),
})
export type AdminTransfer = z.infer<typeof adminTransferSchema>
export const adminTransferListResponse = page(adminTransferSchema)
export type AdminTransferList = z.infer<typeof adminTransferListResponse>

/** GET /api/admin/transfers: a page, optionally only the transfers of owners whose email contains `owner`. */
export const adminTransfersQuery = pageQuery.extend({
  owner: plainText(z.string().trim().max(254), 'The owner filter').optional(),
})

export const transferIdParams = z.object({ id: z.string().max(100) })
export const shareIdParams = z.object({ uniqueId: z.string().max(200) })

const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1')

/** A recipient as the sender's tracking list shows them (spec/transfers.md §3 Tracking). */
export const trackedRecipientSchema = z.object({
  recipient_email: z.string(),
  avatar_letter: z.string(),
  first_accessed_at: isoDate.nullable(),
  /** Keyed by file_id: whether this recipient completed a download of that file. */
  download_status: z.record(z.string(), z.boolean()),
})
export type TrackedRecipient = z.infer<typeof trackedRecipientSchema>

/** `recipients` only for the sender. `current_recipient` is the `t` given, when it is one of this transfer's. */
export const trackingSchema = z.object({
  is_sender: z.boolean(),
  current_recipient: z.string().nullable(),
  recipients: z.array(trackedRecipientSchema).optional(),
})
export type Tracking = z.infer<typeof trackingSchema>

export const shareQuery = z.object({ t: z.string().max(200).optional() })

/**
 * GET /api/share/{uniqueId} (spec/transfers.md §3 Share response). Others get 404 (unknown or deleted) or
 * 403 (expired); the sender still gets the record, with `status` and without a download_url.
 */
export const shareResponse = z.object({
  transfer: z.object({
    id: z.uuid(),
    unique_id: z.string(),
    title: z.string(),
    message: z.string(),
    created_at: isoDate,
    expires_at: isoDate,
    deleted_at: isoDate.nullable(),
    download_count: z.int().nonnegative(),
    files: z.array(shareFileSchema),
    total_size: z.int().nonnegative(),
    status: z.enum(['active', 'expired', 'deleted']),
    /** The download limit, or null; the sender sees the record after it is reached (download_url then null). */
    max_downloads: z.int().nullable(),
    burn_after_download: z.boolean(),
    download_limit_reached: z.boolean(),
    /** The sender's plan has document_comments: its files have review comments (issue 19 item 2). */
    comments_enabled: z.boolean(),
    /** A clean data room: view-only pages (POST …/room/files/{fileId}/views), no download_url for recipients. */
    clean_data_room: z.boolean(),
    /** In a data room, whether the viewer may download a watermarked PDF (…/room/files/{fileId}/watermarked.pdf). */
    data_room_pdf_download: z.boolean(),
    /**
     * Held by the virus scan (issue 24 item 7): `scanning` (being checked) or `frozen`; while held,
     * recipients get no files and no download_url (the sender still sees the files).
     */
    scan_hold: transferScanHold.nullable(),
  }),
  sender: z.object({ name: z.string() }),
  /** Path of GET /share/{uniqueId}/download (add file_key or as_zip=true, and t); null unless active. */
  download_url: z.string().nullable(),
  /** The sender's organization's stylesheet and background (issue 22 items 3, 4), or null. */
  branding: brandingSchema,
  tracking: trackingSchema,
})
export type ShareResponse = z.infer<typeof shareResponse>

/**
 * GET /api/share/{uniqueId}'s 403 to a recipient once the transfer expired: the error, and only the
 * title and the sender's name, so the page can say what expired and whom to ask (walk 9.3).
 */
export const shareExpiredResponse = z.object({
  detail: z.string(),
  code: z.string(),
  title: z.string(),
  sender_name: z.string(),
})
export type ShareExpired = z.infer<typeof shareExpiredResponse>

/**
 * GET /api/share/{uniqueId}'s 410 to anyone but the sender once the download limit was reached (or every
 * recipient downloaded a transfer set to burn): code download_limit_reached, the title and the sender's name.
 */
export const shareSpentResponse = shareExpiredResponse
export type ShareSpent = ShareExpired

/** GET /share/{uniqueId}/download: one file (file_key), or all as one ZIP (as_zip, or no file_key with several files). */
export const shareDownloadQuery = z.object({
  file_key: z.string().max(512).optional(),
  as_zip: booleanQuery,
  t: z.string().max(200).optional(),
  /** Set on the sender's signed links (GET /api/transfers/{id}/download-url on local storage). */
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
})

/** GET /api/transfers/{id}/download and /download-url. */
export const senderDownloadQuery = z.object({
  file_key: z.string().max(512).optional(),
  as_zip: booleanQuery,
})

/** One file's short-lived download link, for the browser to fetch (and zip) itself. */
export const downloadableFileSchema = transferFileSchema.extend({ download_url: z.string() })

/** With file_key (or a single file): `{download_url}`. With as_zip=true: the files and the title, to zip in the browser. */
export const downloadUrlResponse = z.union([
  z.object({ download_url: z.string() }),
  z.object({ files: z.array(downloadableFileSchema), transfer_title: z.string(), zip_url: z.string() }),
])
export type DownloadUrlResponse = z.infer<typeof downloadUrlResponse>

export const transferDeleteResponse = z.object({ message: z.string() })
