/**
 * Error codes the server answers with (`{detail, code}`), each with the English message
 * the spec names. The web translates by code and falls back to `detail`.
 */
export const errorMessages = {
  not_found: 'Not found',
  route_not_found: 'This API route does not exist.',
  bad_request: 'The request is malformed.',
  invalid_json: 'The request body is not valid JSON.',
  validation_failed: 'Some fields are invalid.',
  payload_too_large: 'The request body is too large.',
  service_unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  database_unavailable: 'The database is temporarily unavailable. Please try again in a moment.',
  storage_unavailable: 'File storage is temporarily unavailable. Please try again in a moment.',
  storage_full: 'File storage is full. Nothing was kept; please try again later.',
  upload_url_invalid: 'This upload link is not valid. Please start the upload again.',
  upload_url_expired: 'This upload link has expired. Please start the upload again.',
  upload_not_found: 'This upload no longer exists. Please start it again.',
  upload_login_required: 'Please log in to send transfers',
  upload_forbidden: 'This upload belongs to someone else.',
  upload_too_large: 'Files exceed your {n}GB limit',
  upload_too_large_free: 'Upgrade to PRO to send files over {n}GB',
  upload_parts_mismatch: 'The uploaded parts do not match. Please upload the file again.',
  upload_completed: 'This upload is already complete.',
  upload_incomplete: 'This file has not finished uploading.',
  upload_claimed: 'This file is already part of a transfer.',
  transfer_no_files: 'Please add at least one file',
  recipient_required: 'Please enter a recipient email',
  recipient_invalid: 'Invalid email: {value}',
  recipient_duplicate: 'Already added: {value}',
  recipients_too_many: 'Maximum {n} recipient(s) allowed',
  transfer_too_large: 'Files exceed your {n}GB limit',
  transfer_too_large_free: 'Upgrade to PRO to send files over {n}GB',
  transfer_daily_limit: 'Your plan allows {n} transfer(s) per day. Please try again tomorrow or upgrade your plan.',
  transfer_monthly_data: 'This transfer exceeds your monthly data limit of {n}GB. Please upgrade your plan.',
  transfer_expiry_too_long: 'Your plan allows transfers to last at most {n} hours.',
  transfer_not_found: 'This transfer does not exist or has been deleted.',
  transfer_expired: 'This transfer has expired and is no longer available.',
  transfer_file_not_found: 'This file is not part of this transfer.',
  transfer_files_gone: 'The files of this transfer are no longer stored.',
  download_link_invalid: 'This download link is not valid or has expired.',
  range_not_satisfiable: 'The requested range is not satisfiable.',
  transfer_not_recoverable: 'This transfer cannot be recovered.',
  rate_limited: 'Too many requests. Please wait a moment and try again.',
  internal: 'Something went wrong on our side. Please try again.',
  unauthorized: 'Not authenticated',
  forbidden: 'You do not have permission to do this.',
  csrf_header_missing: 'This request must carry the X-Requested-With header (or a bearer token).',
  invalid_credentials: 'Invalid email or password.',
  email_taken: 'An account with this email already exists. Please log in instead.',
  google_not_configured: 'Google authentication is not yet available. Please use email and password.',
  google_auth_failed: 'Google authentication failed',
  google_email_unverified: 'Your Google account email address is not verified.',
  google_unavailable: 'Google sign-in is temporarily unavailable. Please try again in a moment.',
} as const satisfies Record<string, string>

export type ErrorCode = keyof typeof errorMessages

/** The one error body every 4xx/5xx carries. */
export interface ErrorBody {
  detail: string
  code: string
}
