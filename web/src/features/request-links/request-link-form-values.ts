import {
  parseExpiryDays,
  type RequestCreateRequest,
  type RequestListItem,
  type RequireSender,
  requestExpiryDays,
  requestMessageMax,
  requestNameMax,
} from '@ferry/contracts/api/request-links'

const MiB = 1024 * 1024

/** What the create and edit forms hold, as typed (numbers as text, so an error can name what is wrong). */
export interface RequestLinkFormValues {
  name: string
  message: string
  expiresInDays: string
  maxFiles: string
  /** In MiB (binary, as Ferry shows sizes); empty = no limit. */
  maxTotalMib: string
  /** Comma- or space-separated: 'pdf, image/*'. */
  allowedTypes: string
  requireSender: RequireSender
  singleUpload: boolean
}

/** The requestLinks keys of what can be wrong with a field. */
export type RequestLinkFormErrorKey =
  | 'form.errors.nameRequired'
  | 'form.errors.nameTooLong'
  | 'form.errors.messageTooLong'
  | 'form.errors.expiry'
  | 'form.errors.maxFiles'
  | 'form.errors.maxTotal'

/** For each field that is wrong, what is wrong with it. */
export type RequestLinkFormErrors = Partial<
  Record<'name' | 'message' | 'expiresInDays' | 'maxFiles' | 'maxTotalMib', RequestLinkFormErrorKey>
>

export const emptyFormValues: RequestLinkFormValues = {
  name: '',
  message: '',
  expiresInDays: String(requestExpiryDays.default),
  maxFiles: '',
  maxTotalMib: '',
  allowedTypes: '',
  requireSender: 'none',
  singleUpload: false,
}

/** The form filled from a link of My Requests (its expiry is chosen again, from today). */
export function formValuesOf(link: RequestListItem, now: Date): RequestLinkFormValues {
  const daysLeft = Math.ceil((new Date(link.expires_at).getTime() - now.getTime()) / 86_400_000)
  return {
    name: link.name ?? '',
    message: link.message ?? '',
    expiresInDays: String(Math.min(requestExpiryDays.max, Math.max(requestExpiryDays.min, daysLeft))),
    maxFiles: link.max_files === null ? '' : String(link.max_files),
    maxTotalMib: link.max_total_bytes === null ? '' : String(Math.round((link.max_total_bytes / MiB) * 100) / 100),
    allowedTypes: link.allowed_types.join(', '),
    requireSender: link.require_sender,
    singleUpload: link.single_upload,
  }
}

const wholeNumber = (value: string) => (/^\s*\d+\s*$/.test(value) ? Number(value) : null)

/**
 * Checks the form and builds the request body; `errors` is empty when the body can be sent.
 * Nothing is clamped or guessed: a wrong value is an error the form shows under its field
 * (issue 17; the server refuses the same values with 400).
 */
export function toRequestBody(values: RequestLinkFormValues): {
  errors: RequestLinkFormErrors
  body: RequestCreateRequest & { name: string | null; message: string | null }
} {
  const errors: RequestLinkFormErrors = {}
  const name = values.name.trim()
  const message = values.message.trim()
  if (!name) errors.name = 'form.errors.nameRequired'
  else if (name.length > requestNameMax) errors.name = 'form.errors.nameTooLong'
  if (message.length > requestMessageMax) errors.message = 'form.errors.messageTooLong'
  const days = parseExpiryDays(values.expiresInDays)
  if (days === null) errors.expiresInDays = 'form.errors.expiry'
  let maxFiles: number | null = null
  if (values.maxFiles.trim()) {
    maxFiles = wholeNumber(values.maxFiles)
    if (maxFiles === null || maxFiles < 1 || maxFiles > 10_000) errors.maxFiles = 'form.errors.maxFiles'
  }
  let maxTotalBytes: number | null = null
  if (values.maxTotalMib.trim()) {
    const mb = Number(values.maxTotalMib.replace(',', '.'))
    if (!Number.isFinite(mb) || mb <= 0) errors.maxTotalMib = 'form.errors.maxTotal'
    else maxTotalBytes = Math.round(mb * MiB)
  }
  const allowedTypes = values.allowedTypes
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter(Boolean)
  return {
    errors,
    body: {
      name: name || null,
      message: message || null,
      expires_in_days: days ?? requestExpiryDays.default,
      max_files: maxFiles,
      max_total_bytes: maxTotalBytes,
      allowed_types: allowedTypes,
      require_sender: values.requireSender,
      single_upload: values.singleUpload,
    },
  }
}

export const hasFormErrors = (errors: RequestLinkFormErrors) => Object.keys(errors).length > 0
