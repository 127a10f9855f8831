/**
 * Error codes the server answers with (`{detail, code}`), each with the English message
 * the spec names. The web translates by code and falls back to `detail`. A message that counts
 * something (`{n}`) is given here in its plural form; `singularErrorMessages` holds its form for
 * one, and `errorText` picks between them (issue 17: no "recipient(s)").
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
  upload_too_large: 'Files exceed your {size} limit',
  upload_too_large_free: 'Upgrade to PRO to send files over {size}',
  upload_parts_mismatch: 'The uploaded parts do not match. Please upload the file again.',
  upload_completed: 'This upload is already complete.',
  upload_incomplete: 'This file has not finished uploading.',
  upload_claimed: 'This file is already part of a transfer.',
  upload_part_out_of_range: 'This part lies past the end of the file.',
  upload_pending_limit:
    'Your files uploaded but not yet sent would exceed what you can send ({size}). Send them, or remove some, first.',
  request_pending_limit: 'Files being uploaded to this request already fill what it accepts. Please try again later.',
  transfer_no_files: 'Please add at least one file',
  recipient_required: 'Please enter a recipient email',
  recipient_invalid: 'Invalid email: {value}',
  recipient_duplicate: 'Already added: {value}',
  recipients_too_many: 'Maximum {n} recipients allowed',
  transfer_too_large: 'Files exceed your {size} limit',
  transfer_too_large_free: 'Upgrade to PRO to send files over {size}',
  transfer_daily_limit: 'Your plan allows {n} transfers per day. Please try again tomorrow or upgrade your plan.',
  sender_confirmation_required:
    'Please confirm it is you: enter the 6-digit code we just emailed to your address, then send again.',
  sender_confirmation_not_needed: 'No code is needed: you can send transfers from here.',
  sender_code_incorrect: 'This code is not correct. Check the latest email from Ferry and try again.',
  sender_code_expired: 'This code has expired or was used up. Ask for a new code.',
  sender_code_too_soon: 'A code was emailed less than a minute ago. Please wait a moment before asking for another.',
  sender_code_limit: 'Three codes were emailed in the last hour. Please wait before asking for another.',
  send_rate_limited: 'You have reached the sending limit for now. Please try again later.',
  transfer_monthly_data: 'This transfer exceeds your monthly data limit of {size}. Please upgrade your plan.',
  transfer_expiry_too_long: 'Your plan allows transfers to last at most {n} hours.',
  transfer_not_found: 'This transfer does not exist or has been deleted.',
  transfer_expired: 'This transfer has expired and is no longer available.',
  transfer_file_not_found: 'This file is not part of this transfer.',
  preview_not_found: 'This file has no preview image yet.',
  job_not_found: 'This job is no longer in the queue (it finished, or was retried and finished).',
  job_not_retryable: 'Only a job that was given up on (dead) can be retried.',
  comment_author_unknown:
    'Only the sender and the recipients can comment. Open the link from your invitation email, or confirm your address.',
  comment_thread_not_found: 'This comment thread does not exist on this file.',
  data_room_view_only: 'This transfer is a clean data room: its files can be viewed on this page, not downloaded.',
  data_room_needs_recipients:
    'A clean data room is open only to its recipients, each after an emailed code: choose "Only the recipients" and add at least one recipient.',
  data_room_not_ready: 'The pages of this file are still being prepared. Please try again in a moment.',
  data_room_unsupported: 'This type of file cannot be shown in the data room.',
  data_room_view_not_found: 'This view does not exist. Open the file again.',
  data_room_page_not_found: 'This file has no such page.',
  viewer_revoked: 'The sender has withdrawn your access to this data room.',
  transfer_files_gone: 'The files of this transfer are no longer stored.',
  transfer_last_file: 'A transfer keeps at least one file. Delete the transfer instead.',
  transfer_being_scanned: 'The files of this transfer are being checked for viruses. Please try again in a moment.',
  received_file_being_scanned: 'This file is being checked for viruses. Please try again in a moment.',
  received_file_infected: 'A virus was found in this file: it cannot be downloaded.',
  transfer_frozen: 'A virus was found in this transfer: it cannot be downloaded until an administrator reviews it.',
  transfer_not_frozen: 'This transfer is not frozen.',
  transfer_expired_not_editable:
    'This transfer has expired: its expiry, recipients and files can no longer change. Recover it or send the files again.',
  download_limit_reached:
    'This transfer has been downloaded as many times as its sender allowed, and its files were deleted.',
  download_link_invalid: 'This download link is not valid or has expired.',
  password_required: 'This transfer is protected by a password. Enter it to see and download the files.',
  password_incorrect: 'This password is not correct.',
  verification_required:
    'This transfer is only for its recipients. Enter your email address to get a code that opens it.',
  verification_code_incorrect:
    'This code is not correct or has expired. Check the latest email from Ferry, or ask for a new code.',
  verification_code_too_soon:
    'A code was emailed less than a minute ago. Please wait a moment before asking for another.',
  verification_code_limit: 'Three codes were emailed in the last hour. Please wait before asking for another.',
  verification_not_needed: 'Anyone with the link may open this transfer: no code is needed.',
  access_needs_recipients: 'Only the recipients may open it: add at least one recipient first.',
  password_in_url:
    'A password is never accepted in a web address. Send it in the request body (POST /api/share/{uniqueId}/unlock).',
  range_not_satisfiable: 'The requested range is not satisfiable.',
  transfer_not_recoverable: 'This transfer cannot be recovered.',
  request_login_required: 'Please log in to create file request links',
  request_links_limit_reached:
    'You already have {n} open request links, the most one account may hold. Complete one or let it expire first.',
  request_not_found: 'This upload link does not exist or has been removed.',
  request_expired: 'This upload link has expired.',
  request_completed: 'This file request has already been completed and is no longer accepting uploads.',
  request_closed: 'The owner has closed this upload link; it no longer accepts uploads.',
  request_reopen_expired: 'This link has expired. Choose a new expiry to open it again.',
  request_no_files: 'No files were uploaded successfully',
  request_too_many_files: 'This request accepts at most {n} files.',
  request_too_large: 'These files exceed the {size} this request accepts.',
  request_type_not_allowed: '{name}: this request only accepts {types}.',
  request_sender_name_required: 'Please enter your name.',
  request_sender_email_required: 'Please enter your email address.',
  request_sender_email_invalid: 'Invalid email: {value}',
  received_file_not_found: 'This file does not exist or has been deleted.',
  received_files_gone: 'The files of this upload are no longer stored.',
  room_login_required: 'Please log in to create a transfer room.',
  room_not_found: 'This room does not exist.',
  room_full: 'This room is full.',
  room_expired: 'This room has expired.',
  room_not_member: 'Only participants can see this room. Please join it first.',
  room_not_host: 'Only the host can close this room.',
  room_too_large: 'Your plan allows rooms of at most {n} participants.',
  rooms_limit_reached: 'You already host {n} open rooms, the most one account may hold. Wait for one to end.',
  room_display_name_required: 'Please enter your name to join this room.',
  room_guest_token_invalid: 'Your access to this room is not valid or has expired. Please join again.',
  room_recipient_not_member: 'The recipient is not a participant of this room.',
  room_recipient_self: 'You cannot send a file to yourself.',
  direct_transfer_not_found: 'This direct transfer does not exist.',
  transfer_not_party: 'Only the sender and the recipient of this transfer can do this.',
  transfer_not_recipient: 'Only the recipient can respond to this transfer.',
  transfer_not_sender: 'Only the sender can send these files as a link.',
  transfer_id_mismatch: 'The transfer id in the body does not match the address.',
  transfer_status_illegal: 'A transfer that is {from} cannot become {to}.',
  transfer_status_not_allowed: 'Only the recipient can mark this transfer as {to}.',
  transfer_not_accepted: 'This transfer has not been accepted.',
  video_not_in_plan: 'Video and audio chat is not included in your plan. Upgrade to use it.',
  socket_message_invalid: 'This message is not valid.',
  signal_channel_not_ready: 'Send ready on this channel first.',
  rate_limited: 'Too many requests. Please wait a moment and try again.',
  internal: 'Something went wrong on our side. Please try again.',
  unauthorized: 'Not authenticated',
  forbidden: 'You do not have permission to do this.',
  plan_feature_missing: 'Your plan does not include this feature. Upgrade your plan to use it.',
  already_in_organization: 'You already belong to an organization. Leave it first.',
  already_member: 'This person is already a member of the organization.',
  invitation_pending: 'This address already has a pending invitation. Revoke it first to send a new one.',
  invitation_not_found: 'This invitation does not exist, or it was revoked or already used.',
  invitation_expired: 'This invitation has expired. Ask for a new one.',
  invitation_email_mismatch:
    'This invitation was sent to another address. Sign in with the invited address to accept it.',
  last_owner: 'An organization needs an owner. Give ownership to another member instead.',
  new_owner_has_subscription:
    "This member pays for a plan of their own. They cancel it first; then the organization's subscription can move to them.",
  owner_cannot_leave: 'The owner cannot leave the organization. Hand ownership over first, or delete the organization.',
  api_key_invalid: 'This API key is not valid: it is mistyped, or it was revoked.',
  api_key_not_allowed: 'This route cannot be used with an API key. Sign in to Ferry instead.',
  scope_missing: 'This API key does not have the scope this route needs.',
  api_keys_too_many: 'You have too many API keys. Revoke one you no longer use first.',
  api_key_not_found: 'This API key does not exist, or was already revoked.',
  ssh_key_invalid:
    'This is not an SSH public key Ferry accepts. Paste the one line of your .pub file: ssh-ed25519 AAAA…, ecdsa-sha2-nistp256 AAAA… or ssh-rsa AAAA….',
  ssh_key_private: 'This is a private key: keep it secret. Paste the public key (the .pub file) instead.',
  ssh_key_exists: 'This SSH key is already on your profile.',
  ssh_keys_too_many: 'You have too many SSH keys. Remove one you no longer use first.',
  ssh_key_not_found: 'This SSH key does not exist, or was already removed.',
  webhook_not_found: 'This webhook endpoint does not exist, or was deleted.',
  webhook_delivery_not_found: 'This webhook delivery does not exist.',
  webhooks_too_many: 'You have too many webhook endpoints. Delete one you no longer use first.',
  webhook_url_not_allowed:
    'This address is not allowed for a webhook: it leads to this machine or a private network. Use a public address.',
  webhook_url_unresolvable: 'The host name of this address could not be found. Check the address and try again.',
  webhook_delivery_queued: 'This delivery is already waiting to be sent; it will be tried again shortly.',
  analytics_period_invalid: 'Choose a period whose start comes before its end, at most 400 days long.',
  put_length_required: 'Send the file with a Content-Length, or chunked.',
  sftp_off: 'SFTP is turned off on this server.',
  csrf_header_missing: 'This request must carry the X-Requested-With header (or a bearer token).',
  invalid_credentials: 'Invalid email or password.',
  email_taken: 'An account with this email already exists. Please log in instead.',
  email_unconfirmed:
    'Please confirm your email address first: open the link or enter the 6-digit code we emailed you. Then you can send transfers and create request links.',
  email_confirmation_invalid:
    'This confirmation link or code is invalid, has expired or has already been used. Ask for a new email and try again.',
  password_common: 'This password is one of the most common ones and easy to guess. Please choose another.',
  password_personal: 'Your password must not be your name or your email address. Please choose another.',
  google_not_configured: 'Google authentication is not yet available. Please use email and password.',
  google_auth_failed: 'Google authentication failed',
  google_email_unverified: 'Your Google account email address is not verified.',
  google_unavailable: 'Google sign-in is temporarily unavailable. Please try again in a moment.',
  admin_user_not_found: 'This user does not exist or has been deleted.',
  admin_email_taken: 'A user with this email already exists.',
  admin_last_admin: 'The last administrator cannot be demoted or deleted.',
  admin_delete_self: 'You cannot delete your own account.',
  admin_own_role: 'You cannot change your own role. Another administrator can.',
  set_password_link_invalid: 'This set-password link is invalid, has expired or has already been used.',
  password_reset_invalid:
    'This password reset link is invalid, has expired or has already been used. Please ask for a new one.',
  current_password_wrong: 'Your current password is not correct.',
  email_change_invalid: 'This confirmation link is invalid, has expired or has already been used.',
  email_change_same: 'This is already your email address.',
  email_change_expired: 'This confirmation link has expired. Ask for the change again from your profile.',
  second_factor_required: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  second_factor_invalid: 'This code is not correct, or it was already used. Please try again.',
  two_factor_enrolment_required:
    'Your administrator requires two-factor sign-in. Set it up in your account’s security settings to continue.',
  totp_already_enabled: 'Two-factor sign-in is already on. Turn it off first to set up a new authenticator.',
  totp_not_pending: 'Start the setup again: there is no authenticator waiting to be confirmed.',
  totp_not_enabled: 'Two-factor sign-in is not on for this account.',
  totp_code_invalid: 'This code is not correct, or it was already used. Enter the current code from your app.',
  two_factor_proof_invalid: 'Your password or the code is not correct.',
  remembered_device_not_found: 'This remembered device does not exist.',
  passkey_challenge_invalid: 'This passkey request has expired or was already used. Please try again.',
  passkey_invalid: 'This passkey could not be verified. Please try again.',
  passkey_unknown: 'This passkey is not registered with any account here.',
  passkey_not_found: 'This passkey does not exist.',
  session_not_found: 'This session does not exist or has already ended.',
  session_not_signed_in: 'Only a signed-in browser session can end the others.',
  passkey_already_registered: 'This passkey is already registered.',
  account_email_taken: 'Another account already uses this email address.',
  account_delete_confirmation: 'Type your password (or, for an account without one, your email address) to confirm.',
  account_last_admin: 'The last administrator cannot delete their account. Make someone else an administrator first.',
  referral_codes_limit_reached:
    'You already have {n} unused referral codes, the most one account may hold. Share those first.',
  checkout_login_required: 'You need to be logged in to upgrade your plan',
  checkout_plan_required: 'Please select a plan first',
  checkout_other_user: 'You can only start a checkout for your own account.',
  checkout_plan_not_found: 'This plan does not exist.',
  checkout_plan_not_selectable: 'This plan cannot be bought online. Please contact us.',
  checkout_current_plan: 'You are already on this plan.',
  checkout_price_missing: 'This plan has no {value} price.',
  checkout_return_url_invalid: 'The return address must be a page of this site.',
  checkout_session_not_found: 'This checkout session does not exist.',
  checkout_session_closed: 'This checkout session is no longer open.',
  checkout_test_mode_off: 'Test checkout is off because card payments are configured.',
  payment_unavailable: 'Payment processing is temporarily unavailable. Please try again later.',
  webhook_signature_invalid: 'The webhook signature is not valid.',
  recovery_payment_incomplete: 'This recovery payment has not been completed.',
  subscription_other_user: 'You can only create a subscription for yourself.',
  subscription_paid_plan: 'Paid plans are bought through checkout.',
  subscription_not_found: 'You have no subscription to cancel.',
  subscription_already_canceled: 'This subscription is already canceled.',
  subscription_not_canceled: 'This subscription is not canceled, so there is nothing to resume.',
  subscription_resume_ended:
    'This subscription has already ended. Choose a plan on the upgrade page to subscribe again.',
  referral_other_user: 'You can only see and create your own referral codes.',
  referral_payouts_not_allowed: 'Referral codes are for plans with referral payouts (Pro, Business, Enterprise).',
  referral_code_required: 'Please enter a referral code.',
  referral_code_invalid: 'This referral code is not valid.',
  referral_code_used: 'This referral code has already been used.',
  referral_code_own: 'You cannot use your own referral code.',
  referral_already_redeemed: 'You have already used a referral code.',
  referral_not_found: 'This referral does not exist.',
  payout_transition_invalid: 'This payout cannot change from {value}.',
  css_refused: 'This stylesheet was refused: {value}.',
  backgrounds_too_many: 'An organization keeps at most {n} backgrounds. Delete one first.',
  background_not_found:
    'This background is not one of your organization’s. Choose one of its backgrounds, or let them rotate.',
  background_invalid: 'This file is not an image Ferry can use as a background (JPEG, PNG, WebP or AVIF).',
  promotion_image_invalid: 'This file is not an image Ferry can use. Upload a JPEG, PNG, WebP, GIF or AVIF image.',
  promotion_image_too_small: 'The image must be at least 120 pixels wide and 60 pixels tall.',
  domain_host_invalid:
    'Enter a host name such as files.example.com: not an IP address, and not the address Ferry itself runs on.',
  domain_taken: 'This host name is already in use.',
  domain_limit: 'An organization can have at most 5 custom domains. Remove one first.',
  domain_not_found: 'This custom domain does not exist.',
  sso_required:
    'Your organization signs you in with single sign-on. Use "Continue with single sign-on" instead of a password.',
  sso_not_configured: 'Single sign-on is not set up for this address.',
  sso_failed: 'Single sign-on did not complete. Please try again.',
  sso_state_invalid: 'This sign-in link was already used or has expired. Please start again.',
  sso_provider_unavailable: 'The identity provider could not be reached. Please try again in a moment.',
  sso_email_unverified: 'Your identity provider did not confirm your email address.',
  sso_email_domain_mismatch: "This identity provider only signs in addresses of its organization's domain.",
  sso_group_not_allowed: 'Your account is not in a group allowed to use Ferry. Ask your administrator.',
  sso_other_organization: 'This account belongs to another organization.',
  sso_account_conflict:
    'An account with this email exists and cannot be linked safely. Sign in with its password first.',
  sso_issuer_invalid: 'This issuer could not be used: its OpenID configuration was not found at the address given.',
  sso_domain_invalid: 'Enter an email domain such as example.com.',
  sso_domain_taken: 'Another organization already uses this email domain for single sign-on.',
  sso_domain_unverified: 'Verify the email domain with its DNS TXT record first.',
  sso_secret_required: 'Enter the client secret.',
} as const satisfies Record<string, string>

export type ErrorCode = keyof typeof errorMessages

/** The form for one of each message that counts something; `errorMessages` has the plural form. */
export const singularErrorMessages = {
  recipients_too_many: 'Only {n} recipient allowed',
  transfer_daily_limit: 'Your plan allows {n} transfer per day. Please try again tomorrow or upgrade your plan.',
  transfer_expiry_too_long: 'Your plan allows transfers to last at most {n} hour.',
  request_links_limit_reached:
    'You already have {n} open request link, the most one account may hold. Complete it or let it expire first.',
  request_too_many_files: 'This request accepts at most {n} file.',
  room_too_large: 'Your plan allows rooms of at most {n} participant.',
  rooms_limit_reached: 'You already host {n} open room, the most one account may hold. Wait for it to end.',
  referral_codes_limit_reached:
    'You already have {n} unused referral code, the most one account may hold. Share it first.',
} as const satisfies Partial<Record<ErrorCode, string>>

type CountedCode = keyof typeof singularErrorMessages
const isCounted = (code: ErrorCode): code is CountedCode => code in singularErrorMessages
const englishPlural = new Intl.PluralRules('en')

/** The English templates `code` may be written with: the singular form first when it counts something. */
export function errorTemplates(code: ErrorCode): string[] {
  return isCounted(code) ? [singularErrorMessages[code], errorMessages[code]] : [errorMessages[code]]
}

/**
 * The English message for `code` with its `{name}` placeholders filled in; a message that counts
 * something takes its singular form when `n` is one ('Only 1 recipient allowed').
 */
export function errorText(code: ErrorCode, values: Record<string, string | number> = {}): string {
  const n = Number(values.n)
  const one = isCounted(code) && values.n !== undefined && englishPlural.select(n) === 'one'
  const template: string = one ? singularErrorMessages[code as CountedCode] : errorMessages[code]
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    values[name] === undefined ? placeholder : String(values[name]),
  )
}

/** The one error body every 4xx/5xx carries. */
export interface ErrorBody {
  detail: string
  code: string
}
