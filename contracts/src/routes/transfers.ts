import { pageQuery } from '../api/pagination.js'
import {
  adminTransferListResponse,
  adminTransfersQuery,
  downloadUrlResponse,
  senderDownloadQuery,
  shareDownloadQuery,
  shareIdParams,
  shareQuery,
  shareResponse,
  shareUnlockRequest,
  shareVerificationConfirmRequest,
  shareVerificationRequest,
  transferCreateRequest,
  transferCreateResponse,
  transferDeleteResponse,
  transferFileParams,
  transferFilesAddRequest,
  transferIdParams,
  transferListResponse,
  transferSchema,
  transferUpdateRequest,
} from '../api/transfers.js'
import { defineRoutes } from './route.js'

/** The sender's and the admin's stored-transfer routes (spec/transfers.md §7, spec/accounts.md §7). `:id` is the transfer id. */
export const transfersApi = defineRoutes('transfers', {
  create: {
    method: 'POST',
    path: '/api/transfers',
    access: 'user',
    scope: 'transfers:write',
    body: transferCreateRequest,
    responses: { 201: transferCreateResponse },
  },
  list: {
    method: 'GET',
    path: '/api/transfers',
    access: 'user',
    scope: 'transfers:read',
    summary: "One page of the signed-in user's transfers, newest first",
    query: pageQuery,
    responses: { 200: transferListResponse },
  },
  get: {
    method: 'GET',
    path: '/api/transfers/:id',
    access: 'user',
    scope: 'transfers:read',
    params: transferIdParams,
    responses: { 200: transferSchema },
  },
  update: {
    method: 'PATCH',
    path: '/api/transfers/:id',
    access: 'user',
    scope: 'transfers:write',
    summary: "The owner changes a transfer's title, message, password, reminders, expiry, recipients or download limit",
    description:
      'Only the fields given change. `password` sets or changes the password (plan flag password_protection, ' +
      'else 403 plan_feature_missing); `null` removes it. Changing or removing it revokes every grant at once. ' +
      '`expires_in_hours` sets a new expiry from now, up to the plan maximum (else 422 ' +
      '`transfer_expiry_too_long`); extending it emails each recipient the new date. `recipient_emails` is the ' +
      'full new list: new recipients get their email, removed ones lose their personal link. Expiry and ' +
      'recipients of an expired transfer answer 409 `transfer_expired_not_editable`. ' +
      '`access` is `link` (anyone with the link) or `recipients` (only the recipients, each after an emailed ' +
      'code; 422 `access_needs_recipients` without one). ' +
      '`max_downloads` (1 to 100, `null` for none) and `burn_after_download` change the download limit; a limit ' +
      'at or below the downloads already completed ends the transfer at once (410 download_limit_reached, files ' +
      'deleted). Only the owner may; others get 404.',
    params: transferIdParams,
    body: transferUpdateRequest,
    responses: { 200: transferSchema },
  },
  addFiles: {
    method: 'POST',
    path: '/api/transfers/:id/files',
    access: 'user',
    scope: 'transfers:write',
    summary: 'Attaches uploaded files to a live transfer, without re-uploading the others',
    description:
      'The files are uploads of the caller made through the presign or multipart flow (file_key), claimed as ' +
      'on create. The plan limits apply to the new total (403 `transfer_too_large`, `transfer_monthly_data`). ' +
      'An expired transfer answers 409 `transfer_expired_not_editable`; others than the owner get 404.',
    params: transferIdParams,
    body: transferFilesAddRequest,
    responses: { 200: transferSchema },
  },
  removeFile: {
    method: 'DELETE',
    path: '/api/transfers/:id/files/:fileId',
    access: 'user',
    scope: 'transfers:write',
    summary: 'Removes one file from a live transfer and deletes its bytes',
    description:
      'At least one file remains: removing the last answers 409 `transfer_last_file`. An unknown file answers ' +
      '404 `transfer_file_not_found`; others than the owner get 404.',
    params: transferFileParams,
    responses: { 200: transferSchema },
  },
  delete: {
    method: 'DELETE',
    path: '/api/transfers/:id',
    access: 'user',
    scope: 'transfers:write',
    params: transferIdParams,
    responses: { 200: transferDeleteResponse },
  },
  download: {
    method: 'GET',
    path: '/api/transfers/:id/download',
    access: 'user',
    scope: 'transfers:read',
    summary: "Redirects the sender to a file's download, or to the ZIP of several",
    params: transferIdParams,
    query: senderDownloadQuery,
    responses: { 302: null },
  },
  downloadUrl: {
    method: 'GET',
    path: '/api/transfers/:id/download-url',
    access: 'user',
    scope: 'transfers:read',
    summary: 'One short-lived download link, or (as_zip) every file’s link and the title',
    params: transferIdParams,
    query: senderDownloadQuery,
    responses: { 200: downloadUrlResponse },
  },
  adminList: {
    method: 'GET',
    path: '/api/admin/transfers',
    access: 'admin',
    summary: 'One page of every transfer, newest first, with its owner; `owner` filters by email',
    query: adminTransfersQuery,
    responses: { 200: adminTransferListResponse },
  },
  adminDelete: {
    method: 'DELETE',
    path: '/api/admin/transfers/:id',
    access: 'admin',
    params: transferIdParams,
    responses: { 200: transferDeleteResponse },
  },
  adminUnfreeze: {
    method: 'POST',
    path: '/api/admin/transfers/:id/unfreeze',
    access: 'admin',
    summary: 'Releases a transfer the virus scan froze (a false positive)',
    description:
      'A transfer with an infected file is frozen (`scan_hold: frozen`): nobody downloads it. An admin who ' +
      'judges the finding wrong releases it: it becomes downloadable, and recipients whose first email was ' +
      'waiting for the scan get it now. A transfer that is not frozen answers 409 `transfer_not_frozen`.',
    params: transferIdParams,
    responses: { 200: transferSchema },
  },
})

/** What recipients open: the share record and the download link (spec/transfers.md §7). `:uniqueId` is the share id. */
export const shareApi = defineRoutes('share', {
  get: {
    method: 'GET',
    path: '/api/share/:uniqueId',
    access: 'public',
    description:
      'A password-protected transfer answers 401 `password_required`, and one open only to its recipients 401 ' +
      '`verification_required`, with only its title and sender name until the caller holds a grant: the cookie ' +
      'set by unlock or verification, or the grant in the X-Ferry-Grant header. ' +
      'Once its download limit is reached (or every recipient downloaded a transfer set to burn) anyone but the ' +
      'sender gets 410 `download_limit_reached` with the title and sender name.',
    params: shareIdParams,
    query: shareQuery,
    responses: { 200: shareResponse },
  },
  /**
   * Not under /api: a plain link the browser navigates to, so the download is the browser's own
   * (one file by file_key, or all as a ZIP; Range answers 206; HEAD answers the headers only).
   * A download counts once its response delivered the last byte; after the limit, 410.
   */
  download: {
    method: 'GET',
    path: '/share/:uniqueId/download',
    access: 'public',
    summary: 'One file (file_key) or all of them as one ZIP, streamed or redirected to the store',
    description:
      'A transfer with a download limit or burn-after-download is always streamed by Ferry (never redirected), ' +
      'so the last byte is seen: a download counts once when a response delivers the last byte of a file or ' +
      'of the ZIP. Once the limit is reached every request (HEAD and ranges too) answers 410 ' +
      '`download_limit_reached`.',
    params: shareIdParams,
    query: shareDownloadQuery,
    responses: { 200: null, 206: null, 302: null },
  },
  unlock: {
    method: 'POST',
    path: '/api/share/:uniqueId/unlock',
    access: 'public',
    summary: "Exchanges a transfer's password for a grant to its files",
    description:
      'The password goes in the JSON body, never in the address (a `password` query parameter answers 400 ' +
      '`password_in_url`). 204 sets an httpOnly cookie scoped to this transfer and returns the same grant in ' +
      'the X-Ferry-Grant header, which API clients send back in an X-Ferry-Grant request header. A wrong ' +
      'password answers 401 `password_incorrect`; too many wrong tries (per client address, and per transfer) ' +
      'answer 429 with Retry-After before any password is checked. The grant stops working as soon as the ' +
      'owner changes or removes the password.',
    params: shareIdParams,
    body: shareUnlockRequest,
    responses: { 204: null },
  },
  requestVerification: {
    method: 'POST',
    path: '/api/share/:uniqueId/verification',
    access: 'public',
    summary: 'Emails a 6-digit code to a recipient of a transfer open only to its recipients',
    description:
      'Answers 202 whether or not the address is a recipient; only a recipient gets the email. A code works ' +
      '10 minutes and takes 5 tries; at most one email a minute (429 `verification_code_too_soon` with ' +
      'Retry-After) and three an hour (429 `verification_code_limit`) per address. 409 ' +
      '`verification_not_needed` when anyone with the link may open the transfer.',
    params: shareIdParams,
    body: shareVerificationRequest,
    responses: { 202: null },
  },
  confirmVerification: {
    method: 'POST',
    path: '/api/share/:uniqueId/verification/confirm',
    access: 'public',
    summary: 'Exchanges a recipient’s emailed code for a grant to the transfer’s files',
    description:
      'Tries are counted before the code is compared (429 with Retry-After after 5 for one address). A wrong, ' +
      'expired or used code, or an address that is not a recipient, answers 401 `verification_code_incorrect`. ' +
      '204 sets the same grant as unlock (an httpOnly cookie scoped to this transfer, and the X-Ferry-Grant ' +
      'header), bound to that recipient: it stops working once the recipient is removed.',
    params: shareIdParams,
    body: shareVerificationConfirmRequest,
    responses: { 204: null },
  },
})
